import { runGame, type Game, type GameContext } from "../shared/runtime";

const COLS = 18;
const ROWS = 30;
const CELL = 20;
const TOP = 40; // room for the HUD
type Point = { x: number; y: number };
const DIRECTIONS: Record<string, Point> = {
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  w: { x: 0, y: -1 },
  s: { x: 0, y: 1 },
  a: { x: -1, y: 0 },
  d: { x: 1, y: 0 },
};

function createSnake({ rng, sound, demo }: GameContext): Game {
  // The snake waits up to 3 s for the player's first move instead of racing into a wall.
  let waiting = demo ? 0 : 180;
  let snake: Point[] = [
    { x: 8, y: 15 },
    { x: 7, y: 15 },
    { x: 6, y: 15 },
  ];
  let direction: Point = { x: 1, y: 0 };
  const queued: Point[] = [];
  let food = placeFood();
  let tick = 0;
  let swipeStart: Point | null = null;
  let pulse = 0;

  function placeFood(): Point {
    for (;;) {
      const candidate = { x: rng.int(0, COLS - 1), y: rng.int(0, ROWS - 1) };
      if (
        !snake.some((part) => part.x === candidate.x && part.y === candidate.y)
      )
        return candidate;
    }
  }

  function turn(next: Point) {
    const last = queued[queued.length - 1] ?? direction;
    if (next.x === -last.x && next.y === -last.y) return; // no reversing into yourself
    if (next.x === last.x && next.y === last.y) return;
    if (queued.length < 2) queued.push(next);
  }

  const game: Game = {
    score: 0,
    over: false,
    update() {
      pulse += 0.08;
      if (waiting > 0) {
        waiting--;
        return;
      }
      // Faster as the snake grows: from 8 to 16 moves a second.
      const interval = Math.max(4, 8 - Math.floor(game.score / 5));
      if (++tick < interval) return;
      tick = 0;
      direction = queued.shift() ?? direction;
      const head = { x: snake[0].x + direction.x, y: snake[0].y + direction.y };
      const hitWall =
        head.x < 0 || head.y < 0 || head.x >= COLS || head.y >= ROWS;
      if (
        hitWall ||
        snake.some((part) => part.x === head.x && part.y === head.y)
      ) {
        sound.play("hit");
        game.over = true;
        return;
      }
      snake = [head, ...snake];
      if (head.x === food.x && head.y === food.y) {
        game.score += 1;
        sound.play("score");
        food = placeFood();
      } else {
        snake.pop();
      }
    },
    render(g) {
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
      snake.forEach((part, index) => {
        g.fillStyle =
          index === 0 ? "#a3e635" : index % 2 ? "#4ade80" : "#22c55e";
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
      const head = snake[0];
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
    keyDown(key) {
      waiting = 0;
      const next = DIRECTIONS[key] ?? DIRECTIONS[key.toLowerCase()];
      if (next) turn(next);
    },
    pointerDown(x, y) {
      swipeStart = { x, y };
    },
    pointerUp(x, y) {
      waiting = 0;
      if (!swipeStart) return;
      const dx = x - swipeStart.x;
      const dy = y - swipeStart.y;
      swipeStart = null;
      if (Math.max(Math.abs(dx), Math.abs(dy)) < 12) {
        // A tap turns towards the tapped side of the head.
        const head = snake[0];
        const hx = head.x * CELL + CELL / 2;
        const hy = TOP + head.y * CELL + CELL / 2;
        if (direction.x !== 0) turn({ x: 0, y: y < hy ? -1 : 1 });
        else turn({ x: x < hx ? -1 : 1, y: 0 });
        return;
      }
      turn(
        Math.abs(dx) > Math.abs(dy)
          ? { x: Math.sign(dx), y: 0 }
          : { x: 0, y: Math.sign(dy) },
      );
    },
    autoplay() {
      // Head for the food, avoiding walls and the body.
      if (tick !== 0 || queued.length) return;
      const head = snake[0];
      const options = Object.values(DIRECTIONS)
        .slice(0, 4)
        .filter((d) => !(d.x === -direction.x && d.y === -direction.y));
      const safe = options.filter((d) => {
        const next = { x: head.x + d.x, y: head.y + d.y };
        return (
          next.x >= 0 &&
          next.y >= 0 &&
          next.x < COLS &&
          next.y < ROWS &&
          !snake.some((p) => p.x === next.x && p.y === next.y)
        );
      });
      const distance = (d: Point) =>
        Math.abs(head.x + d.x - food.x) + Math.abs(head.y + d.y - food.y);
      const best = (safe.length ? safe : options).sort(
        (a, b) => distance(a) - distance(b),
      )[0];
      if (best && (best.x !== direction.x || best.y !== direction.y))
        turn(best);
    },
  };
  return game;
}

runGame({
  slug: "snake",
  title: "Neon Snake",
  hint: "Swipe, tap or use the arrow keys",
  world: { width: COLS * CELL, height: TOP + ROWS * CELL },
  background: "#0a1416",
  create: createSnake,
});
