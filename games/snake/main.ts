import { runGame } from "../shared/runtime";
import { CELL, COLS, ROWS, TOP, rules } from "./sim";

runGame({
  rules,
  title: "Neon Snake",
  hint: "Swipe, tap or use the arrow keys",
  background: "#0a1416",
  render(g, snake, { steps }) {
    const pulse = steps * 0.08;
    const { body, food, direction } = snake;
    g.fillStyle = "#0d1b1e";
    g.fillRect(0, 0, COLS * CELL, TOP + ROWS * CELL);
    g.fillStyle = "#12262b";
    for (let y = 0; y < ROWS; y++)
      for (let x = y % 2; x < COLS; x += 2)
        g.fillRect(x * CELL, TOP + y * CELL, CELL, CELL);
    g.save();
    g.shadowColor = "#ff4d8d";
    g.shadowBlur = 14 + Math.sin(pulse) * 6;
    g.fillStyle = "#ff4d8d";
    g.beginPath();
    g.arc(
      food.x * CELL + CELL / 2,
      TOP + food.y * CELL + CELL / 2,
      CELL * (0.36 + Math.sin(pulse) * 0.04),
      0,
      Math.PI * 2,
    );
    g.fill();
    g.shadowColor = "#4ade80";
    g.shadowBlur = 10;
    body.forEach((part, index) => {
      g.fillStyle = index === 0 ? "#a3e635" : index % 2 ? "#4ade80" : "#22c55e";
      g.beginPath();
      g.roundRect(
        part.x * CELL + 1,
        TOP + part.y * CELL + 1,
        CELL - 2,
        CELL - 2,
        6,
      );
      g.fill();
    });
    g.restore();
    // Eyes look where the snake is going.
    const head = body[0];
    const cx = head.x * CELL + CELL / 2 + direction.x * 3;
    const cy = TOP + head.y * CELL + CELL / 2 + direction.y * 3;
    g.fillStyle = "#0d1b1e";
    for (const side of [-1, 1]) {
      g.beginPath();
      g.arc(
        cx + direction.y * side * 4,
        cy + direction.x * side * 4,
        2.2,
        0,
        Math.PI * 2,
      );
      g.fill();
    }
  },
});
