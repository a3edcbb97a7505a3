import { runGame } from "../shared/runtime";
import { rules } from "./sim";

runGame({
  rules,
  title: "Brick Breaker",
  hint: "Drag to move · tap to launch",
  background: "#0c0b22",
  render: (g, game) => game.render(g),
});
