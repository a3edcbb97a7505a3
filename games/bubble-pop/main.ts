import { runGame } from "../shared/runtime";
import { rules } from "./sim";

runGame({
  rules,
  title: "Bubble Pop",
  hint: "Tap bubbles · arrows + Space",
  background: "#0a1d3f",
  render: (g, game) => game.render(g),
});
