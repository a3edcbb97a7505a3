import { runGame } from "../shared/runtime";
import { rules } from "./sim";

runGame({
  rules,
  title: "Fruit Catch",
  hint: "Drag, or use ← → / A D to move the basket",
  background: "#2f6b2a",
  render: (g, game) => game.render(g),
});
