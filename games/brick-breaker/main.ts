import { runGame } from "../shared/runtime";
import { clamp } from "../shared/sim";
import {
  BALL_R,
  BRICK_H,
  BRICK_W,
  CEILING,
  H,
  LIVES,
  PADDLE_H,
  PADDLE_Y,
  W,
  type BrickBreaker,
  rules,
} from "./sim";

function drawBackground(g: CanvasRenderingContext2D, game: BrickBreaker) {
  const { lostFlash } = game.view;
  const bg = g.createLinearGradient(0, 0, 0, H);
  bg.addColorStop(0, "#0c0b22");
  bg.addColorStop(0.3, "#1b1145");
  bg.addColorStop(1, "#0c0b22");
  g.fillStyle = bg;
  g.fillRect(-20, -20, W + 40, H + 40);
  // A soft grid floor.
  const grid = g.createLinearGradient(0, CEILING, 0, H);
  grid.addColorStop(0, "rgba(140,120,255,0.09)");
  grid.addColorStop(1, "rgba(140,120,255,0)");
  g.strokeStyle = grid;
  g.lineWidth = 1;
  for (let x = 0; x <= W; x += 30) {
    g.beginPath();
    g.moveTo(x, CEILING);
    g.lineTo(x, H);
    g.stroke();
  }
  for (let y = CEILING; y <= H; y += 30) {
    g.beginPath();
    g.moveTo(0, y);
    g.lineTo(W, y);
    g.stroke();
  }
  // The ceiling line and side glow.
  const ceil = g.createLinearGradient(0, 0, W, 0);
  ceil.addColorStop(0, "rgba(236,72,153,0.7)");
  ceil.addColorStop(0.5, "rgba(139,92,246,0.9)");
  ceil.addColorStop(1, "rgba(34,211,238,0.7)");
  g.fillStyle = ceil;
  g.fillRect(0, CEILING - 3, W, 3);
  if (lostFlash > 0) {
    g.fillStyle = `rgba(244,63,94,${lostFlash / 60})`;
    g.fillRect(0, 0, W, H);
  }
}

function drawLives(g: CanvasRenderingContext2D, game: BrickBreaker) {
  const { lives } = game.view;
  // Lives, top centre.
  for (let i = 0; i < LIVES; i++) {
    const x = W / 2 - 22 + i * 22;
    g.beginPath();
    g.arc(x, 26, 7, 0, Math.PI * 2);
    g.fillStyle = i < lives ? "#fde68a" : "rgba(255,255,255,0.15)";
    g.fill();
  }
}

function drawBricks(g: CanvasRenderingContext2D, game: BrickBreaker) {
  const { bricks, levelTimer } = game.view;
  // Bricks drop in at the start of a level.
  for (const b of bricks) {
    const delay = b.row * 4;
    const t = clamp((levelTimer - delay) / 24, 0, 1);
    const ease = 1 - (1 - t) ** 3;
    const y = b.y - (1 - ease) * 60;
    g.globalAlpha = t;
    const light = b.flash > 0 ? 82 : b.hp < b.maxHp ? 48 : 60;
    const grad = g.createLinearGradient(0, y, 0, y + BRICK_H);
    if (b.maxHp > 1) {
      grad.addColorStop(0, `hsl(${b.hue} 30% ${light + 18}%)`);
      grad.addColorStop(1, `hsl(${b.hue} 35% ${light - 18}%)`);
    } else {
      grad.addColorStop(0, `hsl(${b.hue} 95% ${light + 10}%)`);
      grad.addColorStop(1, `hsl(${b.hue} 85% ${light - 12}%)`);
    }
    g.fillStyle = "rgba(0,0,0,0.35)";
    g.beginPath();
    g.roundRect(b.x + 1, y + 3, BRICK_W, BRICK_H, 5);
    g.fill();
    g.fillStyle = grad;
    g.beginPath();
    g.roundRect(b.x, y, BRICK_W, BRICK_H, 5);
    g.fill();
    g.fillStyle = "rgba(255,255,255,0.35)";
    g.fillRect(b.x + 5, y + 3, BRICK_W - 10, 2);
    if (b.maxHp > 1) {
      g.strokeStyle = `hsl(${b.hue} 90% 70%)`;
      g.lineWidth = 2;
      g.beginPath();
      g.roundRect(b.x + 1, y + 1, BRICK_W - 2, BRICK_H - 2, 4);
      g.stroke();
      if (b.hp < b.maxHp) {
        g.strokeStyle = "rgba(20,10,40,0.7)";
        g.lineWidth = 1.5;
        g.beginPath();
        g.moveTo(b.x + BRICK_W * 0.3, y + 2);
        g.lineTo(b.x + BRICK_W * 0.45, y + BRICK_H * 0.55);
        g.lineTo(b.x + BRICK_W * 0.62, y + BRICK_H * 0.4);
        g.lineTo(b.x + BRICK_W * 0.72, y + BRICK_H - 2);
        g.stroke();
      }
    }
  }
  g.globalAlpha = 1;
}

function drawParticles(g: CanvasRenderingContext2D, game: BrickBreaker) {
  const { particles } = game.view;
  for (const p of particles) {
    g.globalAlpha = p.life / p.max;
    g.fillStyle = p.color;
    g.fillRect(p.x - p.size / 2, p.y - p.size / 2, p.size, p.size);
  }
  g.globalAlpha = 1;
}

function drawPaddle(g: CanvasRenderingContext2D, game: BrickBreaker) {
  const { paddleSquash, paddleW, paddleX } = game.view;
  // Paddle.
  const squash = paddleSquash / 8;
  const pw = paddleW + squash * 8;
  const ph = PADDLE_H - squash * 3;
  g.shadowColor = "rgba(56,189,248,0.8)";
  g.shadowBlur = 16;
  const pg = g.createLinearGradient(paddleX - pw / 2, 0, paddleX + pw / 2, 0);
  pg.addColorStop(0, "#22d3ee");
  pg.addColorStop(0.5, "#a78bfa");
  pg.addColorStop(1, "#f472b6");
  g.fillStyle = pg;
  g.beginPath();
  g.roundRect(paddleX - pw / 2, PADDLE_Y + squash * 2, pw, ph, ph / 2);
  g.fill();
  g.shadowBlur = 0;
  g.fillStyle = "rgba(255,255,255,0.55)";
  g.beginPath();
  g.roundRect(paddleX - pw / 2 + 8, PADDLE_Y + 3 + squash * 2, pw - 16, 3, 1.5);
  g.fill();
}

function drawBall(g: CanvasRenderingContext2D, game: BrickBreaker) {
  const { dying, trail, ball } = game.view;
  // Ball with a trail.
  if (dying < 0) {
    trail.forEach((p, i) => {
      const a = (i + 1) / trail.length;
      g.fillStyle = `rgba(253,230,138,${a * 0.35})`;
      g.beginPath();
      g.arc(p.x, p.y, BALL_R * a * 0.9, 0, Math.PI * 2);
      g.fill();
    });
    g.shadowColor = "rgba(253,224,71,0.9)";
    g.shadowBlur = 14;
    g.fillStyle = "#fffbeb";
    g.beginPath();
    g.arc(ball.x, ball.y, BALL_R, 0, Math.PI * 2);
    g.fill();
    g.shadowBlur = 0;
  }
}

function drawMessages(g: CanvasRenderingContext2D, game: BrickBreaker) {
  const { frame, levelTimer, dying, popups, stuck } = game.view;
  g.textAlign = "center";
  g.textBaseline = "middle";
  for (const p of popups) {
    g.globalAlpha = Math.min(1, p.life / 20);
    g.font = "800 15px system-ui, sans-serif";
    g.fillStyle = "#fff";
    g.fillText(p.text, p.x, p.y);
  }
  g.globalAlpha = 1;
  if (levelTimer < 90 && (game.level ?? 1) > 0) {
    const a = levelTimer < 70 ? 1 : (90 - levelTimer) / 20;
    g.globalAlpha = a;
    g.font = "900 40px system-ui, sans-serif";
    g.fillStyle = "#fff";
    g.shadowColor = "rgba(167,139,250,0.9)";
    g.shadowBlur = 20;
    g.fillText(
      `LEVEL ${game.level}`,
      W / 2,
      390 - Math.min(levelTimer, 20) * 0.5,
    );
    g.shadowBlur = 0;
    g.globalAlpha = 1;
  }
  if (stuck && dying < 0 && levelTimer >= 40) {
    g.globalAlpha = 0.55 + 0.45 * Math.sin(frame * 0.1);
    g.font = "700 16px system-ui, sans-serif";
    g.fillStyle = "#e9d5ff";
    g.fillText("Tap or press Space to launch", W / 2, 470);
    g.globalAlpha = 1;
  }
}

runGame({
  rules,
  title: "Brick Breaker",
  hint: "Drag to move · tap to launch",
  background: "#0c0b22",
  render(g, game) {
    const { frame, shake } = game.view;
    g.save();
    if (shake > 0)
      g.translate(
        Math.sin(frame * 2.3) * shake * 0.4,
        Math.cos(frame * 1.7) * shake * 0.4,
      );
    drawBackground(g, game);

    drawLives(g, game);

    drawBricks(g, game);

    drawParticles(g, game);

    drawPaddle(g, game);

    drawBall(g, game);

    drawMessages(g, game);
    g.restore();
  },
});
