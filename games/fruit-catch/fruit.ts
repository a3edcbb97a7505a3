import type { FruitKind } from "./sim";

type Painter = (g: CanvasRenderingContext2D, r: number, frame: number) => void;

function shine(g: CanvasRenderingContext2D, r: number) {
  g.fillStyle = "rgba(255,255,255,0.55)";
  g.beginPath();
  g.ellipse(-r * 0.38, -r * 0.35, r * 0.22, r * 0.13, -0.6, 0, Math.PI * 2);
  g.fill();
}

function leaf(
  g: CanvasRenderingContext2D,
  x: number,
  y: number,
  angle: number,
) {
  g.save();
  g.translate(x, y);
  g.rotate(angle);
  g.fillStyle = "#22c55e";
  g.beginPath();
  g.ellipse(6, 0, 7, 3.5, 0, 0, Math.PI * 2);
  g.fill();
  g.restore();
}

function stem(g: CanvasRenderingContext2D, x: number, y: number, to: number) {
  g.strokeStyle = "#6b4423";
  g.lineWidth = 2.5;
  g.lineCap = "round";
  g.beginPath();
  g.moveTo(x, y);
  g.lineTo(x + 2, to);
  g.stroke();
}

/** Each fruit drawn around the origin, `r` its radius. */
const painters: Record<FruitKind, Painter> = {
  apple(g, r) {
    stem(g, 0, -r * 0.7, -r * 1.15);
    leaf(g, 2, -r * 1.0, -0.5);
    g.fillStyle = "#e11d48";
    g.beginPath();
    g.arc(-r * 0.4, 0, r * 0.75, 0, Math.PI * 2);
    g.arc(r * 0.4, 0, r * 0.75, 0, Math.PI * 2);
    g.arc(0, r * 0.15, r * 0.85, 0, Math.PI * 2);
    g.fill();
    shine(g, r);
  },
  orange(g, r) {
    g.fillStyle = "#f97316";
    g.beginPath();
    g.arc(0, 0, r, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "rgba(194,65,12,0.35)";
    for (let i = 0; i < 6; i++)
      g.fillRect(
        Math.cos(i * 2.1) * r * 0.55,
        Math.sin(i * 1.7) * r * 0.55,
        1.8,
        1.8,
      );
    g.fillStyle = "#15803d";
    g.beginPath();
    g.arc(0, -r + 2, 3, 0, Math.PI * 2);
    g.fill();
    leaf(g, 1, -r + 1, -0.3);
    shine(g, r);
  },
  pear(g, r) {
    stem(g, 0, -r * 0.9, -r * 1.3);
    g.fillStyle = "#a3d93a";
    g.beginPath();
    g.arc(0, r * 0.25, r * 0.85, 0, Math.PI * 2);
    g.arc(0, -r * 0.45, r * 0.5, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "rgba(234,179,8,0.45)";
    g.beginPath();
    g.arc(r * 0.3, r * 0.45, r * 0.45, 0, Math.PI * 2);
    g.fill();
    shine(g, r);
  },
  grapes(g, r) {
    stem(g, 0, -r * 0.8, -r * 1.25);
    leaf(g, 2, -r * 1.05, -0.2);
    const spots: [number, number][] = [
      [-0.5, -0.5],
      [0, -0.55],
      [0.5, -0.5],
      [-0.28, -0.05],
      [0.28, -0.05],
      [0, 0.4],
      [-0.5, 0.32],
      [0.5, 0.32],
      [0, 0.82],
    ];
    for (const [sx, sy] of spots) {
      g.fillStyle = "#7e22ce";
      g.beginPath();
      g.arc(sx * r, sy * r, r * 0.36, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = "#c084fc";
      g.beginPath();
      g.arc(sx * r - 2, sy * r - 2, r * 0.12, 0, Math.PI * 2);
      g.fill();
    }
  },
  banana(g, r) {
    g.fillStyle = "#facc15";
    g.beginPath();
    g.arc(0, -r * 0.5, r * 1.05, Math.PI * 0.15, Math.PI * 0.85);
    g.arc(0, -r * 1.1, r * 1.25, Math.PI * 0.78, Math.PI * 0.22, true);
    g.closePath();
    g.fill();
    g.strokeStyle = "#ca8a04";
    g.lineWidth = 1.5;
    g.beginPath();
    g.arc(0, -r * 0.5, r * 0.85, Math.PI * 0.25, Math.PI * 0.75);
    g.stroke();
    g.fillStyle = "#78350f";
    g.beginPath();
    g.arc(
      Math.cos(Math.PI * 0.15) * r * 1.0,
      -r * 0.5 + Math.sin(Math.PI * 0.15) * r * 1.0,
      2.5,
      0,
      Math.PI * 2,
    );
    g.arc(
      Math.cos(Math.PI * 0.85) * r * 1.0,
      -r * 0.5 + Math.sin(Math.PI * 0.85) * r * 1.0,
      2.5,
      0,
      Math.PI * 2,
    );
    g.fill();
  },
  cherries(g, r) {
    g.strokeStyle = "#4d7c0f";
    g.lineWidth = 2.2;
    g.beginPath();
    g.moveTo(-r * 0.45, r * 0.1);
    g.quadraticCurveTo(-r * 0.3, -r * 0.8, r * 0.1, -r * 1.1);
    g.moveTo(r * 0.5, r * 0.25);
    g.quadraticCurveTo(r * 0.4, -r * 0.6, r * 0.1, -r * 1.1);
    g.stroke();
    leaf(g, r * 0.1, -r * 1.1, -0.4);
    for (const [cx, cy] of [
      [-r * 0.45, r * 0.35],
      [r * 0.5, r * 0.5],
    ]) {
      g.fillStyle = "#dc2626";
      g.beginPath();
      g.arc(cx, cy, r * 0.5, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = "rgba(255,255,255,0.55)";
      g.beginPath();
      g.arc(cx - r * 0.18, cy - r * 0.18, r * 0.12, 0, Math.PI * 2);
      g.fill();
    }
  },
  melon(g, r) {
    g.fillStyle = "#15803d";
    g.beginPath();
    g.arc(0, -r * 0.3, r * 1.05, 0, Math.PI);
    g.fill();
    g.fillStyle = "#bbf7d0";
    g.beginPath();
    g.arc(0, -r * 0.3, r * 0.9, 0, Math.PI);
    g.fill();
    g.fillStyle = "#f43f5e";
    g.beginPath();
    g.arc(0, -r * 0.3, r * 0.78, 0, Math.PI);
    g.fill();
    g.fillStyle = "#1f2937";
    for (const [sx, sy] of [
      [-0.4, 0.05],
      [0, 0.25],
      [0.4, 0.05],
      [-0.18, 0.02],
      [0.2, 0.0],
    ]) {
      g.beginPath();
      g.ellipse(sx * r, sy * r - r * 0.1, 1.6, 2.6, 0, 0, Math.PI * 2);
      g.fill();
    }
  },
  star(g, r, frame) {
    // The golden star fruit: worth five.
    const glow = 0.5 + 0.5 * Math.sin(frame * 0.2);
    g.fillStyle = `rgba(253,224,71,${0.25 + 0.2 * glow})`;
    g.beginPath();
    g.arc(0, 0, r * 1.5, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "#facc15";
    g.strokeStyle = "#ca8a04";
    g.lineWidth = 2;
    g.beginPath();
    for (let i = 0; i < 10; i++) {
      const a = (i * Math.PI) / 5 - Math.PI / 2;
      const rr = i % 2 ? r * 0.5 : r * 1.1;
      g.lineTo(Math.cos(a) * rr, Math.sin(a) * rr);
    }
    g.closePath();
    g.fill();
    g.stroke();
    g.fillStyle = "#fff7c2";
    g.beginPath();
    g.arc(-r * 0.2, -r * 0.25, r * 0.18, 0, Math.PI * 2);
    g.fill();
  },
};

export function drawFruit(
  g: CanvasRenderingContext2D,
  kind: FruitKind,
  r: number,
  frame: number,
) {
  painters[kind](g, r, frame);
}
