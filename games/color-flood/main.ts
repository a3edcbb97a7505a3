import { runGame } from "../shared/runtime";
import { rules } from "./sim";

runGame({
  rules,
  title: "Color Flood",
  hint: "Tap a colour or press 1–6",
  background: "#141b36",
  render: (g, game) => game.render(g),
});
