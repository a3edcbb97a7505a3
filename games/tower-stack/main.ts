import { createRng } from "../shared/rng";
import { clamp, runGame, type Game, type GameContext } from "../shared/runtime";

const W = 360;
const H = 640;
const BH = 26; // block height
const DX = 12; // oblique depth, to the right…
const DY = -10; // …and up
const BASE_Y = 560; // bottom of the first block
const BASE_W = 180;
const CENTER = W / 2 - DX / 2;
const RANGE = 140;
const PERFECT = 4;
const FOCUS = 250; // where the moving block sits on screen once the tower is tall

/** Sky bands the tower climbs through: meadow sky, sunset, dusk, night, space. */
const SKIES = [
  ["#7cc4ff", "#e3f4ff"],
  ["#ff9f80", "#ffe1bd"],
  ["#7056cf", "#f3a3c9"],
  ["#1a2260", "#4e3f96"],
  ["#05071a", "#1c1745"],
];

interface Block {
  x: number; // centre
  w: number;
  hue: number;
}
interface Debris {
  x: number;
  y: number;
  w: number;
  vx: number;
  vy: number;
  rot: number;
  vr: number;
  hue: number;
}

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

function createTowerStack({ rng, sound }: GameContext): Game {
  const fx = createRng(rng.int(1, 2 ** 30));
  const hue0 = rng.int(0, 359);
  const clouds = Array.from({ length: 8 }, () => ({
    x: fx.range(-40, W),
    y: fx.range(60, 900),
    s: fx.range(0.6, 1.3),
    drift: fx.range(0.1, 0.3),
  }));
  const stars = Array.from({ length: 60 }, () => ({
    x: fx.range(0, W),
    y: fx.range(0, 1400),
    r: fx.range(0.6, 1.8),
  }));
  const blocks: Block[] = [{ x: CENTER, w: BASE_W, hue: hue0 }];
  const debris: Debris[] = [];
  const popups: { text: string; y: number; life: number; big: boolean }[] = [];
  const moving = { x: CENTER, w: BASE_W, dir: 1, speed: 2 };
  let streak = 0;
  let frame = 0;
  let camY = 0;
  let zoom = 1;
  let baseScreen = BASE_Y;
  let placeFlash = 0;
  let ring = 0;
  let dying = -1;
  let demoOffset = 0;

  const topY = (level: number) => BASE_Y - (level + 1) * BH;
  const hueAt = (level: number) => (hue0 + level * 9) % 360;

  function spawn() {
    const level = blocks.length;
    const top = blocks[level - 1];
    const side = rng.chance(0.5) ? -1 : 1;
    moving.w = top.w;
    moving.x = CENTER + side * RANGE;
    moving.dir = -side;
    // The seed sets each block's pace: a steady climb, with the odd quick one once the tower is up.
    let speed = Math.min(2.1 + level * 0.07, 5.2) * rng.range(0.9, 1.12);
    if (level > 8 && rng.chance(0.18)) speed *= 1.3;
    moving.speed = speed;
    demoOffset = fx.chance(0.72)
      ? 0
      : fx.range(5, 12) * (fx.chance(0.5) ? -1 : 1);
    if (top.w < 70) demoOffset = 0;
  }

  function drop() {
    if (dying >= 0) return;
    const level = blocks.length;
    const top = blocks[level - 1];
    const offset = moving.x - top.x;
    const hue = hueAt(level);
    if (Math.abs(offset) >= moving.w) {
      // Missed the tower completely.
      debris.push({
        x: moving.x,
        y: topY(level),
        w: moving.w,
        vx: moving.dir * 1.5,
        vy: 0,
        rot: 0,
        vr: moving.dir * 0.03,
        hue,
      });
      sound.play("hit");
      dying = 100;
      streak = 0;
      return;
    }
    if (Math.abs(offset) <= PERFECT) {
      streak++;
      let w = top.w;
      if (streak >= 3) w = Math.min(w + 6, BASE_W);
      blocks.push({ x: top.x, w, hue });
      game.score += 2;
      ring = 1;
      sound.play(streak >= 3 ? "level" : "score");
      popups.push({
        text: streak > 1 ? `PERFECT ×${streak}` : "PERFECT!",
        y: topY(level) - 62,
        life: 50,
        big: true,
      });
    } else {
      streak = 0;
      const left = Math.max(moving.x - moving.w / 2, top.x - top.w / 2);
      const right = Math.min(moving.x + moving.w / 2, top.x + top.w / 2);
      blocks.push({ x: (left + right) / 2, w: right - left, hue });
      // The overhang breaks off and tumbles away.
      const cutW = moving.w - (right - left);
      const cutX = offset > 0 ? right + cutW / 2 : left - cutW / 2;
      debris.push({
        x: cutX,
        y: topY(level),
        w: cutW,
        vx: Math.sign(offset) * 1.2,
        vy: -1,
        rot: 0,
        vr: Math.sign(offset) * 0.04,
        hue,
      });
      game.score += 1;
      sound.play("tap");
    }
    placeFlash = 1;
    spawn();
  }

  const game: Game = {
    score: 0,
    over: false,
    update() {
      frame++;
      placeFlash = Math.max(0, placeFlash - 0.06);
      ring = Math.max(0, ring - 0.035);
      for (const d of debris) {
        d.x += d.vx;
        d.y += d.vy;
        d.vy += 0.45;
        d.rot += d.vr;
      }
      for (let i = debris.length - 1; i >= 0; i--)
        if (debris[i].y > BASE_Y + 700) debris.splice(i, 1);
      for (const p of popups) {
        p.y -= 0.6;
        p.life--;
      }
      while (popups.length && popups[0].life <= 0) popups.shift();

      const height = blocks.length * BH;
      if (dying >= 0) {
        // Pull back to show the whole tower.
        const targetZoom = Math.min(1, 470 / (height + 120));
        zoom += (targetZoom - zoom) * 0.06;
        baseScreen += (590 - baseScreen) * 0.06;
        if (--dying <= 0) game.over = true;
        return;
      }
      camY += (Math.max(0, height + BH - (BASE_Y - FOCUS)) - camY) * 0.1;
      baseScreen = BASE_Y + camY;

      moving.x += moving.dir * moving.speed;
      if (moving.x > CENTER + RANGE) {
        moving.x = CENTER + RANGE;
        moving.dir = -1;
      } else if (moving.x < CENTER - RANGE) {
        moving.x = CENTER - RANGE;
        moving.dir = 1;
      }
    },
    render(g) {
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
          g.globalAlpha =
            starAlpha * (0.6 + 0.4 * Math.sin(frame * 0.05 + s.x));
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
            ((((c.x + frame * c.drift) % (W + 120)) + W + 120) % (W + 120)) -
            60;
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
          hueAt(blocks.length),
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
    pointerDown() {
      drop();
    },
    keyDown(key) {
      if (
        key === " " ||
        key === "Enter" ||
        key === "ArrowDown" ||
        key === "ArrowUp"
      )
        drop();
    },
    autoplay() {
      if (dying >= 0) return;
      // Drop as the block passes its mark: usually dead centre, now and then a little off.
      const mark = blocks[blocks.length - 1].x + demoOffset;
      if (Math.abs(moving.x - mark) <= moving.speed / 2 + 0.01)
        game.pointerDown!(moving.x, 300);
    },
  };
  spawn();
  return game;
}

runGame({
  slug: "tower-stack",
  title: "Tower Stack",
  hint: "Tap, click or press Space to drop",
  world: { width: W, height: H },
  background: "#1b2240",
  create: createTowerStack,
});
