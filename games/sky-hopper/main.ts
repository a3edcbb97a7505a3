import { runGame } from "../shared/runtime";
import { rules } from "./sim";

runGame({
  rules,
  title: "Sky Hopper",
  hint: "Tap, click or press Space to hop",
  background: "#14203f",
  render: (g, game) => game.render(g),
});
