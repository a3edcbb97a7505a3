import { runGame } from "../shared/runtime";
import { rules } from "./sim";

runGame({
  rules,
  title: "Dash Runner",
  hint: "Tap or Space to jump, again to double-jump",
  background: "#1f0f26",
  render: (g, game) => game.render(g),
});
