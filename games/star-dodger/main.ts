import { runGame } from "../shared/runtime";
import { rules } from "./sim";

runGame({
  rules,
  title: "Star Dodger",
  hint: "Drag to dodge rocks · grab the stars",
  background: "#0b0b2a",
  render: (g, game) => game.render(g),
});
