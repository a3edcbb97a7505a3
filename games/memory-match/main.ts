import { runGame } from "../shared/runtime";
import { rules } from "./sim";

runGame({
  rules,
  title: "Memory Match",
  hint: "Tap two cards to find a pair · arrows + Enter",
  background: "#1b2046",
  render: (g, game) => game.render(g),
});
