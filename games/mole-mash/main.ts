import { runGame } from "../shared/runtime";
import { rules, HEDGE } from "./sim";

runGame({
  rules,
  title: "Mole Mash",
  hint: "Tap the moles · keys 1–9 or QWE/ASD/ZXC",
  background: HEDGE,
  render: (g, game) => game.render(g),
});
