import { clamp, runGame } from "../shared/runtime";
import { BASE_W, BASE_Y, BH, CENTER, DX, DY, H, W, rules, topY } from "./sim";

/** Sky bands the tower climbs through: meadow sky, sunset, dusk, night, space. */
const SKIES = [
  ["#7cc4ff", "#e3f4ff"],
  ["#ff9f80", "#ffe1bd"],
  ["#7056cf", "#f3a3c9"],
  ["#1a2260", "#4e3f96"],
  ["#05071a", "#1c1745"],
];

function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (shift: number) =>
    Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t);
  return `rgb(${ch(16)},${ch(8)},${ch(0)})`;
}

function drawBlock(
  g: CanvasRenderingContext2D,
  left: number,
  top: number,
  w: number,
  hue: number,
  glow = 0,
) {
  // Top face, right face, then the front.
  g.fillStyle = `hsl(${hue} 80% ${74 + glow * 16}%)`;
  g.beginPath();
  g.moveTo(left, top);
  g.lineTo(left + DX, top + DY);
  g.lineTo(left + w + DX, top + DY);
  g.lineTo(left + w, top);
  g.closePath();
  g.fill();
  g.fillStyle = `hsl(${hue} 62% ${40 + glow * 20}%)`;
  g.beginPath();
  g.moveTo(left + w, top);
  g.lineTo(left + w + DX, top + DY);
  g.lineTo(left + w + DX, top + DY + BH);
  g.lineTo(left + w, top + BH);
  g.closePath();
  g.fill();
  const front = g.createLinearGradient(left, top, left, top + BH);
  front.addColorStop(0, `hsl(${hue} 75% ${61 + glow * 20}%)`);
  front.addColorStop(1, `hsl(${hue} 70% ${52 + glow * 20}%)`);
  g.fillStyle = front;
  g.fillRect(left, top, w, BH);
  g.fillStyle = "rgba(255,255,255,0.18)";
  g.fillRect(left, top, w, 2);
}

runGame({
  rules,
  title: "Tower Stack",
  hint: "Tap, click or press Space to drop",
  background: "#1b2240",
  render(g, tower) {
    const { blocks, debris, popups, moving, nextHue } = tower;
    const {
      frame,
      camY,
      zoom,
      baseScreen,
      placeFlash,
      ring,
      dying,
      clouds,
      stars,
    } = tower.scene;
    // The sky darkens to space as the tower climbs.
    const band = Math.min(blocks.length / 14, SKIES.length - 1.001);
    const i = Math.floor(band);
    // Hold each sky for most of its band, then blend quickly into the next.
    const f = clamp((band - i - 0.55) / 0.45, 0, 1);
    const t = f * f * (3 - 2 * f);
    const sky = g.createLinearGradient(0, 0, 0, H);
    sky.addColorStop(0, mix(SKIES[i][0], SKIES[i + 1][0], t));
    sky.addColorStop(1, mix(SKIES[i][1], SKIES[i + 1][1], t));
    g.fillStyle = sky;
    g.fillRect(0, 0, W, H);
    const starAlpha = clamp(band - 2.2, 0, 1);
    if (starAlpha > 0) {
      for (const s of stars) {
        const y = ((((s.y + camY * 0.3) % 1400) + 1400) % 1400) - 380;
        g.globalAlpha = starAlpha * (0.6 + 0.4 * Math.sin(frame * 0.05 + s.x));
        g.fillStyle = "#fff";
        g.fillRect(s.x, y, s.r, s.r);
      }
      g.globalAlpha = 1;
    }
    const cloudAlpha = clamp(2.6 - band, 0, 1) * 0.8;
    if (cloudAlpha > 0) {
      g.fillStyle = `rgba(255,255,255,${cloudAlpha})`;
      for (const c of clouds) {
        const x =
          ((((c.x + frame * c.drift) % (W + 120)) + W + 120) % (W + 120)) - 60;
        const y = c.y - 300 + camY * 0.45;
        if (y < -40 || y > H + 40) continue;
        g.beginPath();
        g.arc(x, y, 16 * c.s, 0, Math.PI * 2);
        g.arc(x + 18 * c.s, y - 9 * c.s, 20 * c.s, 0, Math.PI * 2);
        g.arc(x + 40 * c.s, y, 15 * c.s, 0, Math.PI * 2);
        g.rect(x, y, 40 * c.s, 15 * c.s);
        g.fill();
      }
    }

    g.save();
    g.translate(W / 2, baseScreen);
    g.scale(zoom, zoom);
    g.translate(-W / 2, -BASE_Y);

    // Ground and a stone plinth under the first block.
    g.fillStyle = "#3f7d4f";
    g.beginPath();
    g.ellipse(W / 2, BASE_Y + 220, 420, 200, 0, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "#55a365";
    g.beginPath();
    g.ellipse(W / 2, BASE_Y + 230, 400, 200, 0, Math.PI, Math.PI * 2);
    g.fill();
    g.fillStyle = "#64748b";
    g.fillRect(CENTER - BASE_W / 2 - 14, BASE_Y, BASE_W + 28, 90);
    g.fillStyle = "#94a3b8";
    g.beginPath();
    g.moveTo(CENTER - BASE_W / 2 - 14, BASE_Y);
    g.lineTo(CENTER - BASE_W / 2 - 14 + DX, BASE_Y + DY);
    g.lineTo(CENTER + BASE_W / 2 + 14 + DX, BASE_Y + DY);
    g.lineTo(CENTER + BASE_W / 2 + 14, BASE_Y);
    g.fill();
    g.fillStyle = "#475569";
    g.beginPath();
    g.moveTo(CENTER + BASE_W / 2 + 14, BASE_Y);
    g.lineTo(CENTER + BASE_W / 2 + 14 + DX, BASE_Y + DY);
    g.lineTo(CENTER + BASE_W / 2 + 14 + DX, BASE_Y + 90);
    g.lineTo(CENTER + BASE_W / 2 + 14, BASE_Y + 90);
    g.fill();

    // Only draw what can be on screen.
    const visibleTop = BASE_Y - (baseScreen + 40) / zoom;
    blocks.forEach((b, level) => {
      const y = topY(level);
      if (y > BASE_Y + 40 || y + BH < visibleTop) return;
      const isLast = level === blocks.length - 1;
      drawBlock(g, b.x - b.w / 2, y, b.w, b.hue, isLast ? placeFlash : 0);
    });
    if (ring > 0 && blocks.length > 1) {
      const b = blocks[blocks.length - 1];
      const grow = (1 - ring) * 18;
      g.strokeStyle = `rgba(255,255,255,${ring})`;
      g.lineWidth = 3;
      g.strokeRect(
        b.x - b.w / 2 - grow,
        topY(blocks.length - 1) - grow * 0.6,
        b.w + grow * 2,
        BH + grow * 1.2,
      );
    }
    if (dying < 0) {
      drawBlock(
        g,
        moving.x - moving.w / 2,
        topY(blocks.length),
        moving.w,
        nextHue,
      );
    }
    for (const d of debris) {
      g.save();
      g.translate(d.x, d.y + BH / 2);
      g.rotate(d.rot);
      drawBlock(g, -d.w / 2, -BH / 2, d.w, d.hue);
      g.restore();
    }
    g.textAlign = "center";
    g.textBaseline = "middle";
    for (const p of popups) {
      g.globalAlpha = Math.min(1, p.life / 18);
      g.font = "900 24px system-ui, sans-serif";
      g.lineWidth = 5;
      g.strokeStyle = "rgba(30,20,60,0.35)";
      g.strokeText(p.text, W / 2, p.y);
      g.fillStyle = "#fff";
      g.fillText(p.text, W / 2, p.y);
    }
    g.globalAlpha = 1;
    g.restore();

    if (dying >= 0 && dying < 80) {
      g.globalAlpha = clamp((80 - dying) / 20, 0, 1);
      g.textAlign = "center";
      g.font = "800 20px system-ui, sans-serif";
      g.fillStyle = "#fff";
      g.fillText(`${blocks.length - 1} blocks high`, W / 2, 70);
      g.globalAlpha = 1;
    }
  },
});
