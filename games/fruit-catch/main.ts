import { runGame } from "../shared/runtime";
import { clamp } from "../shared/sim";
import { drawFruit } from "./fruit";
import {
  BASKET_HALF,
  type FruitKind,
  GROUND_Y,
  H,
  type Item,
  MAX_MISSES,
  RIM_Y,
  SPAWN_Y,
  W,
  rules,
} from "./sim";

function drawScene(g: CanvasRenderingContext2D, frame: number) {
  const sky = g.createLinearGradient(0, 0, 0, GROUND_Y);
  sky.addColorStop(0, "#8fd8ff");
  sky.addColorStop(0.7, "#d9f3ff");
  sky.addColorStop(1, "#fff3d1");
  g.fillStyle = sky;
  g.fillRect(0, 0, W, GROUND_Y);
  // Clouds drifting behind the orchard.
  g.fillStyle = "rgba(255,255,255,0.85)";
  for (let i = 0; i < 3; i++) {
    const x = ((i * 160 + frame * (0.12 + i * 0.04)) % (W + 140)) - 70;
    const y = 190 + i * 70;
    g.beginPath();
    g.arc(x, y, 15, 0, Math.PI * 2);
    g.arc(x + 18, y - 9, 19, 0, Math.PI * 2);
    g.arc(x + 38, y, 14, 0, Math.PI * 2);
    g.fill();
  }
  // Distant hills with little trees.
  g.fillStyle = "#a7dc8a";
  g.beginPath();
  g.moveTo(0, 520);
  g.quadraticCurveTo(90, 455, 190, 500);
  g.quadraticCurveTo(290, 450, 360, 490);
  g.lineTo(360, GROUND_Y);
  g.lineTo(0, GROUND_Y);
  g.fill();
  for (let i = 0; i < 6; i++) {
    const x = 22 + i * 64;
    const y = 500 + ((i * 17) % 20);
    g.fillStyle = "#7a5230";
    g.fillRect(x - 2, y, 4, 14);
    g.fillStyle = "#6cc04a";
    g.beginPath();
    g.arc(x, y - 4, 12, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "#ef4444";
    g.beginPath();
    g.arc(x - 5, y - 6, 2, 0, Math.PI * 2);
    g.arc(x + 4, y - 1, 2, 0, Math.PI * 2);
    g.fill();
  }
  // Grass.
  const grass = g.createLinearGradient(0, GROUND_Y, 0, H);
  grass.addColorStop(0, "#6cc04a");
  grass.addColorStop(1, "#2f6b2a");
  g.fillStyle = grass;
  g.fillRect(0, GROUND_Y, W, H - GROUND_Y);
  g.fillStyle = "#86d65e";
  for (let x = 0; x < W; x += 12) {
    g.beginPath();
    g.moveTo(x, GROUND_Y + 1);
    g.lineTo(x + 6, GROUND_Y - 7 - ((x * 7) % 5));
    g.lineTo(x + 12, GROUND_Y + 1);
    g.fill();
  }
  // The orchard canopy the fruit falls from.
  const canopy: [number, number, number][] = [
    [10, 30, 62],
    [70, 50, 52],
    [130, 30, 56],
    [190, 54, 50],
    [250, 28, 60],
    [320, 48, 58],
    [370, 24, 50],
  ];
  g.fillStyle = "#2f6b2a";
  g.fillRect(0, 0, W, 40);
  for (const [x, y, r] of canopy) {
    g.fillStyle = "#2f6b2a";
    g.beginPath();
    g.arc(x, y, r, 0, Math.PI * 2);
    g.fill();
  }
  for (const [x, y, r] of canopy) {
    g.fillStyle = "#3f8a33";
    g.beginPath();
    g.arc(x - 6, y - 4, r * 0.72, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "#55a841";
    g.beginPath();
    g.arc(x - 12, y - 10, r * 0.38, 0, Math.PI * 2);
    g.fill();
  }
  // Fruit still hanging in the trees.
  const hanging: [number, number, FruitKind][] = [
    [30, 72, "apple"],
    [92, 90, "orange"],
    [272, 88, "apple"],
    [334, 70, "cherries"],
  ];
  for (const [x, y, kind] of hanging) {
    g.save();
    g.translate(x, y + Math.sin(frame * 0.05 + x) * 1.5);
    g.scale(0.6, 0.6);
    drawFruit(g, kind, 16, frame);
    g.restore();
  }
}

function drawRock(g: CanvasRenderingContext2D, item: Item) {
  const path = (scale: number) => {
    g.beginPath();
    item.shape.forEach((f, i) => {
      const a = (i / item.shape.length) * Math.PI * 2;
      g.lineTo(
        Math.cos(a) * item.r * f * scale,
        Math.sin(a) * item.r * f * scale,
      );
    });
    g.closePath();
  };
  g.fillStyle = "#4b5563";
  path(1.08);
  g.fill();
  const fill = g.createLinearGradient(-item.r, -item.r, item.r, item.r);
  fill.addColorStop(0, "#9ca3af");
  fill.addColorStop(1, "#52525b");
  g.fillStyle = fill;
  path(1);
  g.fill();
  g.strokeStyle = "#3f3f46";
  g.lineWidth = 2;
  g.beginPath();
  g.moveTo(-item.r * 0.3, -item.r * 0.5);
  g.lineTo(0, -item.r * 0.1);
  g.lineTo(-item.r * 0.1, item.r * 0.35);
  g.stroke();
  g.fillStyle = "rgba(255,255,255,0.3)";
  g.beginPath();
  g.ellipse(
    -item.r * 0.35,
    -item.r * 0.35,
    item.r * 0.25,
    item.r * 0.14,
    -0.6,
    0,
    Math.PI * 2,
  );
  g.fill();
}

/** The basket is drawn in two halves: the back wall behind falling fruit, the front over it. */
function drawBasket(
  g: CanvasRenderingContext2D,
  x: number,
  tilt: number,
  bump: number,
  kinds: FruitKind[],
  frame: number,
  back: boolean,
) {
  const squash = bump > 0 ? Math.sin((bump / 10) * Math.PI) * 0.06 : 0;
  g.save();
  g.translate(x, GROUND_Y - 2);
  g.rotate(tilt);
  g.scale(1 + squash, 1 - squash);
  const top = RIM_Y - (GROUND_Y - 2);
  if (back) {
    g.fillStyle = "rgba(0,0,0,0.18)";
    g.beginPath();
    g.ellipse(0, 4, BASKET_HALF + 4, 7, 0, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "#7c4a1e";
    g.beginPath();
    g.ellipse(0, top, BASKET_HALF + 2, 9, 0, Math.PI, Math.PI * 2);
    g.fill();
    // Fruit already in the basket peeking over the rim.
    kinds.forEach((kind, i) => {
      g.save();
      g.translate(-30 + i * 20, top - 2 - (i % 2) * 3);
      g.scale(0.75, 0.75);
      drawFruit(g, kind, 16, frame);
      g.restore();
    });
    g.restore();
    return;
  }
  const body = g.createLinearGradient(0, top, 0, 0);
  body.addColorStop(0, "#d99a4e");
  body.addColorStop(1, "#a8692c");
  g.fillStyle = body;
  g.beginPath();
  g.moveTo(-BASKET_HALF - 2, top);
  g.lineTo(BASKET_HALF + 2, top);
  g.lineTo(BASKET_HALF - 10, 0);
  g.quadraticCurveTo(0, 6, -BASKET_HALF + 10, 0);
  g.closePath();
  g.fill();
  // Weave.
  g.save();
  g.clip();
  g.strokeStyle = "rgba(120,66,22,0.55)";
  g.lineWidth = 2;
  for (let row = 0; row < 5; row++) {
    const y = top + 12 + row * 11;
    g.beginPath();
    g.moveTo(-BASKET_HALF, y);
    g.lineTo(BASKET_HALF, y);
    g.stroke();
    for (let col = -5; col <= 5; col++) {
      const cx = col * 10 + (row % 2) * 5;
      g.fillStyle = "rgba(255,220,160,0.28)";
      g.beginPath();
      g.ellipse(cx, y - 5.5, 3.5, 4, 0, 0, Math.PI * 2);
      g.fill();
    }
  }
  g.restore();
  // Rim.
  g.fillStyle = "#8a5523";
  g.beginPath();
  g.roundRect(-BASKET_HALF - 5, top - 5, BASKET_HALF * 2 + 10, 11, 6);
  g.fill();
  g.fillStyle = "#e8b06a";
  g.beginPath();
  g.roundRect(-BASKET_HALF - 4, top - 5, BASKET_HALF * 2 + 8, 5, 3);
  g.fill();
  g.restore();
}

function drawStatus(
  g: CanvasRenderingContext2D,
  misses: number,
  combo: number,
  multiplier: number,
) {
  const y = 60;
  g.fillStyle = "rgba(20,50,20,0.45)";
  g.beginPath();
  g.roundRect(W / 2 - 62, y - 17, 124, 34, 17);
  g.fill();
  for (let i = 0; i < MAX_MISSES; i++) {
    const x = W / 2 - 36 + i * 36;
    const lost = i >= MAX_MISSES - misses;
    g.save();
    g.translate(x, y + 1);
    g.globalAlpha = lost ? 0.35 : 1;
    drawHeart(g, lost);
    g.restore();
  }
  if (combo >= 2) {
    const text =
      multiplier > 1 ? `Combo ${combo} · x${multiplier}` : `Combo ${combo}`;
    g.font = "800 15px system-ui, sans-serif";
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.lineWidth = 4;
    g.strokeStyle = "rgba(20,50,20,0.6)";
    g.strokeText(text, W / 2, y + 32);
    g.fillStyle = multiplier > 1 ? "#fde047" : "#ffffff";
    g.fillText(text, W / 2, y + 32);
  }
}

function drawHeart(g: CanvasRenderingContext2D, lost: boolean) {
  g.fillStyle = lost ? "#9ca3af" : "#f43f5e";
  g.beginPath();
  g.moveTo(0, 9);
  g.bezierCurveTo(-14, 0, -10, -12, 0, -5);
  g.bezierCurveTo(10, -12, 14, 0, 0, 9);
  g.fill();
  if (!lost) {
    g.fillStyle = "rgba(255,255,255,0.6)";
    g.beginPath();
    g.ellipse(-5, -4, 2.5, 1.6, -0.6, 0, Math.PI * 2);
    g.fill();
  }
}

runGame({
  rules,
  title: "Fruit Catch",
  hint: "Drag, or use ← → / A D to move the basket",
  background: "#2f6b2a",
  render(g, game) {
    const {
      shake,
      frame,
      splats,
      items,
      basket,
      bump,
      caughtKinds,
      particles,
      popups,
      misses,
      combo,
      multiplier,
    } = game.view;
    g.save();
    if (shake > 0)
      g.translate(
        Math.sin(frame * 2.1) * shake * 0.35,
        Math.cos(frame * 1.6) * shake * 0.25,
      );
    drawScene(g, frame);
    for (const splat of splats) {
      g.globalAlpha = clamp(1.5 - splat.t / 100, 0, 0.8);
      g.fillStyle = splat.color;
      g.beginPath();
      g.ellipse(splat.x, GROUND_Y + 6, 18, 5, 0, 0, Math.PI * 2);
      g.ellipse(splat.x - 14, GROUND_Y + 9, 6, 3, 0, 0, Math.PI * 2);
      g.ellipse(splat.x + 16, GROUND_Y + 4, 5, 2.5, 0, 0, Math.PI * 2);
      g.fill();
    }
    g.globalAlpha = 1;
    // Faint guides where each item will land.
    for (const item of items) {
      if (item.y > RIM_Y) continue;
      const near = clamp((item.y - SPAWN_Y) / (RIM_Y - SPAWN_Y), 0, 1);
      g.fillStyle = item.rock
        ? `rgba(60,40,40,${0.12 + 0.2 * near})`
        : `rgba(0,60,0,${0.08 + 0.12 * near})`;
      g.beginPath();
      g.ellipse(
        item.x,
        GROUND_Y + 3,
        item.r * (0.5 + 0.5 * near),
        4,
        0,
        0,
        Math.PI * 2,
      );
      g.fill();
    }
    drawBasket(g, basket.x, basket.tilt, bump, caughtKinds, frame, true);
    for (const item of items) {
      g.save();
      g.translate(item.x, item.y);
      g.rotate(item.angle);
      if (item.rock) drawRock(g, item);
      else drawFruit(g, item.kind, item.r, frame);
      g.restore();
    }
    drawBasket(g, basket.x, basket.tilt, bump, caughtKinds, frame, false);
    for (const p of particles) {
      g.globalAlpha = clamp(1 - p.life / p.max, 0, 1);
      g.fillStyle = p.color;
      g.beginPath();
      g.arc(p.x, p.y, p.size, 0, Math.PI * 2);
      g.fill();
    }
    g.globalAlpha = 1;
    g.textAlign = "center";
    g.textBaseline = "middle";
    for (const popup of popups) {
      g.globalAlpha = clamp(1.8 - popup.t / 25, 0, 1);
      g.font = `900 ${popup.big ? 30 : 20}px system-ui, sans-serif`;
      g.lineWidth = popup.big ? 6 : 4;
      g.strokeStyle = "rgba(60,30,10,0.7)";
      const y = popup.y - popup.t * (popup.big ? 0.4 : 0.9);
      g.strokeText(popup.text, popup.x, y);
      g.fillStyle = popup.color;
      g.fillText(popup.text, popup.x, y);
    }
    g.globalAlpha = 1;
    g.restore();
    drawStatus(g, misses, combo, multiplier);
  },
});
