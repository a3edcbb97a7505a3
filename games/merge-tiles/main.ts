import { runGame } from "../shared/runtime";
import { rules } from "./sim";

runGame({
  rules,
  title: "Merge Tiles",
  hint: "Swipe or use the arrow keys to slide",
  background: "#1b1740",
  render: (g, game) => game.render(g),
});
