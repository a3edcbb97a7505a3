import { runGame } from "../shared/runtime";
import { H, LIVES, SHIP_Y, type StarDodger, W, rules } from "./sim";

function starPath(
  g: CanvasRenderingContext2D,
  x: number,
  y: number,
  outer: number,
  inner: number,
  rot: number,
) {
  g.beginPath();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? inner : outer;
    const a = rot + (i * Math.PI) / 5 - Math.PI / 2;
    g.lineTo(x + Math.cos(a) * r, y + Math.sin(a) * r);
  }
  g.closePath();
}

function drawSpace(g: CanvasRenderingContext2D, game: StarDodger) {
  const { sky, travelled, pace } = game.view;
  const bg = g.createLinearGradient(0, 0, 0, H);
  bg.addColorStop(0, "#0b0b2a");
  bg.addColorStop(0.55, "#170e3e");
  bg.addColorStop(1, "#0f0b2e");
  g.fillStyle = bg;
  g.fillRect(-20, -20, W + 40, H + 40);
  for (const [x, y, r, color] of [
    [70, 190, 170, "rgba(236,72,153,0.16)"],
    [300, 420, 190, "rgba(56,189,248,0.13)"],
    [200, 620, 160, "rgba(168,85,247,0.18)"],
  ] as const) {
    const neb = g.createRadialGradient(x, y, 0, x, y, r);
    neb.addColorStop(0, color);
    neb.addColorStop(1, "rgba(0,0,0,0)");
    g.fillStyle = neb;
    g.fillRect(x - r, y - r, r * 2, r * 2);
  }
  // Parallax star field streams past faster as the pace rises.
  for (const layer of sky) {
    for (const s of layer) {
      const y = (s.y + travelled * s.depth * 2.2) % H;
      g.fillStyle = `rgba(255,255,255,${0.35 + s.depth * 0.5})`;
      g.fillRect(s.x, y, s.r, s.r * (1 + s.depth * pace * 1.5));
    }
  }
}

function drawStars(g: CanvasRenderingContext2D, game: StarDodger) {
  const { frame, stars } = game.view;
  // Collectable stars.
  for (const s of stars) {
    const size = s.big ? 17 : 12;
    const pulse = 1 + Math.sin(frame * 0.15 + s.x) * 0.08;
    const glow = g.createRadialGradient(s.x, s.y, 0, s.x, s.y, size * 2.2);
    glow.addColorStop(
      0,
      s.big ? "rgba(244,114,182,0.55)" : "rgba(250,204,21,0.45)",
    );
    glow.addColorStop(1, "rgba(0,0,0,0)");
    g.fillStyle = glow;
    g.fillRect(s.x - size * 2.2, s.y - size * 2.2, size * 4.4, size * 4.4);
    starPath(g, s.x, s.y, size * pulse, size * 0.46 * pulse, s.rot);
    g.fillStyle = s.big ? "#f472b6" : "#facc15";
    g.fill();
    starPath(g, s.x - 1, s.y - 1, size * 0.55, size * 0.25, s.rot);
    g.fillStyle = s.big ? "#fce7f3" : "#fef9c3";
    g.fill();
    if (s.big) {
      g.strokeStyle = `rgba(255,255,255,${0.5 + 0.3 * Math.sin(frame * 0.2)})`;
      g.lineWidth = 2;
      g.beginPath();
      g.arc(s.x, s.y, size + 6, 0, Math.PI * 2);
      g.stroke();
    }
  }
}

function drawMeteors(g: CanvasRenderingContext2D, game: StarDodger) {
  const { meteors, particles } = game.view;
  // Meteors with a fiery tail.
  for (const m of meteors) {
    const tail = g.createLinearGradient(
      m.x,
      m.y,
      m.x - m.vx * 14,
      m.y - m.vy * 14 - m.r * 2,
    );
    tail.addColorStop(0, "rgba(255,140,60,0.55)");
    tail.addColorStop(1, "rgba(255,80,60,0)");
    g.fillStyle = tail;
    g.beginPath();
    g.moveTo(m.x - m.r * 0.85, m.y);
    g.lineTo(m.x - m.vx * 14, m.y - m.vy * 12 - m.r * 2.4);
    g.lineTo(m.x + m.r * 0.85, m.y);
    g.closePath();
    g.fill();
    g.save();
    g.translate(m.x, m.y);
    g.rotate(m.rot);
    const body = g.createRadialGradient(
      -m.r * 0.3,
      -m.r * 0.3,
      1,
      0,
      0,
      m.r * 1.1,
    );
    const hue = 18 + m.tone * 14;
    body.addColorStop(0, `hsl(${hue} 35% 62%)`);
    body.addColorStop(1, `hsl(${hue} 40% 26%)`);
    g.fillStyle = body;
    g.beginPath();
    m.shape.forEach((k, i) => {
      const a = (i / m.shape.length) * Math.PI * 2;
      g.lineTo(Math.cos(a) * m.r * k, Math.sin(a) * m.r * k);
    });
    g.closePath();
    g.fill();
    g.fillStyle = `hsla(${hue} 40% 20% / 0.55)`;
    m.craters.forEach((a, i) => {
      g.beginPath();
      g.arc(
        Math.cos(a) * m.r * 0.45,
        Math.sin(a) * m.r * 0.45,
        m.r * (0.16 + i * 0.05),
        0,
        Math.PI * 2,
      );
      g.fill();
    });
    g.restore();
  }

  for (const q of particles) {
    g.globalAlpha = q.life / q.max;
    g.fillStyle = q.color;
    g.beginPath();
    g.arc(q.x, q.y, q.size, 0, Math.PI * 2);
    g.fill();
  }
  g.globalAlpha = 1;
}

function drawShip(g: CanvasRenderingContext2D, game: StarDodger) {
  const { frame, dying, invulnerable, ship } = game.view;
  // The ship (blinking while it recovers from a hit).
  if (
    dying < 0 &&
    !(invulnerable > 0 && Math.floor(invulnerable / 5) % 2 === 0)
  ) {
    g.save();
    g.translate(ship.x, SHIP_Y);
    g.rotate(ship.tilt * 0.25);
    const flame = 12 + Math.sin(frame * 0.9) * 4 + Math.sin(frame * 2.3) * 2;
    const fl = g.createLinearGradient(0, 10, 0, 12 + flame);
    fl.addColorStop(0, "#fff7d6");
    fl.addColorStop(0.4, "#fb923c");
    fl.addColorStop(1, "rgba(244,63,94,0)");
    g.fillStyle = fl;
    g.beginPath();
    g.moveTo(-7, 10);
    g.quadraticCurveTo(0, 14 + flame * 1.4, 7, 10);
    g.closePath();
    g.fill();
    g.fillStyle = "#ec4899";
    g.beginPath();
    g.moveTo(-4, -4);
    g.lineTo(-19, 12);
    g.lineTo(-17, 16);
    g.lineTo(-5, 11);
    g.closePath();
    g.moveTo(4, -4);
    g.lineTo(19, 12);
    g.lineTo(17, 16);
    g.lineTo(5, 11);
    g.closePath();
    g.fill();
    const hull = g.createLinearGradient(-10, 0, 10, 0);
    hull.addColorStop(0, "#cbd5e1");
    hull.addColorStop(0.5, "#ffffff");
    hull.addColorStop(1, "#94a3b8");
    g.fillStyle = hull;
    g.beginPath();
    g.moveTo(0, -22);
    g.quadraticCurveTo(10, -8, 9, 12);
    g.lineTo(-9, 12);
    g.quadraticCurveTo(-10, -8, 0, -22);
    g.fill();
    g.fillStyle = "#38bdf8";
    g.beginPath();
    g.ellipse(0, -6, 4, 7, 0, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "rgba(255,255,255,0.8)";
    g.beginPath();
    g.ellipse(-1.3, -8, 1.4, 3, 0, 0, Math.PI * 2);
    g.fill();
    g.restore();
  }
}

function drawHud(g: CanvasRenderingContext2D, game: StarDodger) {
  const { hitFlash, popups, lives } = game.view;
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.font = "900 18px system-ui, sans-serif";
  for (const q of popups) {
    g.globalAlpha = Math.min(1, q.life / 15);
    g.fillStyle = q.color;
    g.fillText(q.text, q.x, q.y);
  }
  g.globalAlpha = 1;

  // Lives as hearts, top centre.
  for (let i = 0; i < LIVES; i++) {
    const x = W / 2 - 24 + i * 24;
    const y = 24;
    g.fillStyle = i < lives ? "#fb7185" : "rgba(255,255,255,0.18)";
    g.beginPath();
    g.moveTo(x, y + 7);
    g.bezierCurveTo(x - 12, y - 1, x - 6, y - 10, x, y - 4);
    g.bezierCurveTo(x + 6, y - 10, x + 12, y - 1, x, y + 7);
    g.fill();
  }
  if (hitFlash > 0) {
    g.fillStyle = `rgba(251,113,133,${hitFlash / 50})`;
    g.fillRect(-20, -20, W + 40, H + 40);
  }
}

runGame({
  rules,
  title: "Star Dodger",
  hint: "Drag to dodge rocks · grab the stars",
  background: "#0b0b2a",
  render(g, game) {
    const { frame, shake } = game.view;
    g.save();
    if (shake > 0)
      g.translate(
        Math.sin(frame * 2.7) * shake * 0.4,
        Math.cos(frame * 2.1) * shake * 0.4,
      );
    drawSpace(g, game);

    drawStars(g, game);

    drawMeteors(g, game);

    drawShip(g, game);

    drawHud(g, game);
    g.restore();
  },
});
