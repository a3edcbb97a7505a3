import { runGame } from "../shared/runtime";
import {
  BIRD_R,
  BIRD_X,
  GROUND,
  H,
  PILLAR_W,
  type SkyHopper,
  W,
  rules,
} from "./sim";

/** Sky palettes the world drifts through as the score climbs: day, sunset, dusk, night. */
const SKIES = [
  {
    top: "#4fb7ef",
    bottom: "#c9f1ff",
    hill: "#7fcf9b",
    far: "#a8dcc7",
    sun: "#fff3b0",
  },
  {
    top: "#ff8a65",
    bottom: "#ffe0a3",
    hill: "#d98a6c",
    far: "#f0b48f",
    sun: "#fff1c9",
  },
  {
    top: "#5b4b9a",
    bottom: "#f49ac1",
    hill: "#7a5a9e",
    far: "#a77fb8",
    sun: "#ffd6e8",
  },
  {
    top: "#0f1c46",
    bottom: "#3b3f8f",
    hill: "#27306b",
    far: "#363f86",
    sun: "#e8ecff",
  },
];

function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (shift: number) =>
    Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t);
  return `rgb(${ch(16)},${ch(8)},${ch(0)})`;
}

/** Where the sky is between two palettes: the scenery and the dusk follow it too. */
function skyBlend(skyPhase: number) {
  const i0 = Math.floor(skyPhase) % SKIES.length;
  const i1 = (i0 + 1) % SKIES.length;
  const t = skyPhase - Math.floor(skyPhase);
  const night = (i0 === 3 ? 1 - t : 0) + (i1 === 3 ? t : 0);
  return { i0, i1, t, a: SKIES[i0], b: SKIES[i1], night };
}
type SkyBlend = ReturnType<typeof skyBlend>;

function drawSky(
  g: CanvasRenderingContext2D,
  game: SkyHopper,
  blend: SkyBlend,
) {
  const { frame, starsBg } = game.view;
  const { a, b, t, night } = blend;
  const sky = g.createLinearGradient(0, 0, 0, GROUND);
  sky.addColorStop(0, mix(a.top, b.top, t));
  sky.addColorStop(1, mix(a.bottom, b.bottom, t));
  g.fillStyle = sky;
  g.fillRect(-20, -20, W + 40, H + 40);
  if (night > 0.05) {
    g.fillStyle = `rgba(255,255,255,${night * 0.8})`;
    for (const s of starsBg) {
      const tw = 0.6 + 0.4 * Math.sin(frame * 0.05 + s.x);
      g.globalAlpha = night * tw;
      g.beginPath();
      g.arc(s.x, s.y, s.r, 0, Math.PI * 2);
      g.fill();
    }
    g.globalAlpha = 1;
  }
  // Sun (or moon).
  const sunColor = mix(a.sun, b.sun, t);
  const glow = g.createRadialGradient(286, 150, 10, 286, 150, 90);
  glow.addColorStop(0, "rgba(255,255,255,0.45)");
  glow.addColorStop(1, "rgba(255,255,255,0)");
  g.fillStyle = glow;
  g.fillRect(186, 50, 200, 200);
  g.fillStyle = sunColor;
  g.beginPath();
  g.arc(286, 150, 30, 0, Math.PI * 2);
  g.fill();
}

function drawScenery(
  g: CanvasRenderingContext2D,
  game: SkyHopper,
  blend: SkyBlend,
) {
  const { clouds, scroll } = game.view;
  const { a, b, t, night } = blend;
  // Clouds drift slowly.
  g.fillStyle = `rgba(255,255,255,${0.85 - night * 0.55})`;
  for (const c of clouds) {
    const span = W + 160;
    const x = ((((c.x - scroll * 0.25) % span) + span) % span) - 80;
    const s = c.s;
    g.beginPath();
    g.arc(x, c.y, 18 * s, 0, Math.PI * 2);
    g.arc(x + 20 * s, c.y - 10 * s, 22 * s, 0, Math.PI * 2);
    g.arc(x + 44 * s, c.y, 17 * s, 0, Math.PI * 2);
    g.rect(x, c.y, 44 * s, 17 * s);
    g.fill();
  }
  // Two layers of rolling hills.
  for (const [layer, color, base, amp, rate] of [
    [0, mix(a.far, b.far, t), 470, 34, 0.35],
    [1, mix(a.hill, b.hill, t), 520, 26, 0.6],
  ] as const) {
    g.fillStyle = color;
    g.beginPath();
    g.moveTo(0, GROUND);
    for (let x = 0; x <= W; x += 8) {
      const wx = x + scroll * rate + layer * 500;
      g.lineTo(
        x,
        base - Math.sin(wx * 0.012) * amp - Math.sin(wx * 0.031) * amp * 0.4,
      );
    }
    g.lineTo(W, GROUND);
    g.fill();
  }
}

function drawPillars(g: CanvasRenderingContext2D, game: SkyHopper) {
  const { pillars } = game.view;
  // Pillars with caps.
  for (const p of pillars) {
    const top = p.gapY - p.gap / 2;
    const bottom = p.gapY + p.gap / 2;
    const body = g.createLinearGradient(p.x, 0, p.x + PILLAR_W, 0);
    body.addColorStop(0, `hsl(${p.hue} 60% 42%)`);
    body.addColorStop(0.3, `hsl(${p.hue} 70% 62%)`);
    body.addColorStop(1, `hsl(${p.hue} 60% 36%)`);
    g.fillStyle = body;
    g.fillRect(p.x + 4, -10, PILLAR_W - 8, top + 10);
    g.fillRect(p.x + 4, bottom, PILLAR_W - 8, GROUND - bottom);
    g.fillStyle = "rgba(255,255,255,0.12)";
    for (let y = (bottom + 40) | 0; y < GROUND; y += 40)
      g.fillRect(p.x + 4, y, PILLAR_W - 8, 4);
    for (let y = (top - 40) | 0; y > 0; y -= 40)
      g.fillRect(p.x + 4, y, PILLAR_W - 8, 4);
    const cap = g.createLinearGradient(p.x - 4, 0, p.x + PILLAR_W + 4, 0);
    cap.addColorStop(0, `hsl(${p.hue} 65% 48%)`);
    cap.addColorStop(0.3, `hsl(${p.hue} 80% 72%)`);
    cap.addColorStop(1, `hsl(${p.hue} 65% 40%)`);
    g.fillStyle = cap;
    g.beginPath();
    g.roundRect(p.x - 3, top - 24, PILLAR_W + 6, 24, 7);
    g.roundRect(p.x - 3, bottom, PILLAR_W + 6, 24, 7);
    g.fill();
    g.fillStyle = "rgba(0,0,0,0.15)";
    g.fillRect(p.x + 4, top - 2, PILLAR_W - 8, 2);
    g.fillRect(p.x + 4, bottom + 22, PILLAR_W - 8, 2);
  }
}

function drawGround(g: CanvasRenderingContext2D, game: SkyHopper) {
  const { scroll } = game.view;
  // Ground.
  g.fillStyle = "#8b5a2b";
  g.fillRect(-20, GROUND, W + 40, H - GROUND + 20);
  g.fillStyle = "#6f4520";
  for (let x = -((scroll * 1) % 36); x < W + 36; x += 36) {
    g.beginPath();
    g.arc(x + 10, GROUND + 34, 3, 0, Math.PI * 2);
    g.arc(x + 28, GROUND + 52, 2.5, 0, Math.PI * 2);
    g.fill();
  }
  g.fillStyle = "#5cc94a";
  g.fillRect(-20, GROUND, W + 40, 16);
  g.fillStyle = "#49b23a";
  for (let x = -(scroll % 24); x < W + 24; x += 24) {
    g.beginPath();
    g.moveTo(x, GROUND + 16);
    g.lineTo(x + 12, GROUND);
    g.lineTo(x + 22, GROUND);
    g.lineTo(x + 10, GROUND + 16);
    g.fill();
  }
  g.fillStyle = "#8ee26f";
  g.fillRect(-20, GROUND, W + 40, 3);
}

function drawDusk(g: CanvasRenderingContext2D, blend: SkyBlend) {
  const { i0, i1, t, night } = blend;
  // Evening light dims the pillars and the ground.
  const dusk = night + (i0 === 2 ? 1 - t : 0) * 0.4 + (i1 === 2 ? t : 0) * 0.4;
  if (dusk > 0.02) {
    g.fillStyle = `rgba(20,18,70,${dusk * 0.35})`;
    g.fillRect(-20, -20, W + 40, H + 40);
  }
}

function drawParticles(g: CanvasRenderingContext2D, game: SkyHopper) {
  const { particles } = game.view;
  for (const p of particles) {
    g.globalAlpha = p.life / p.max;
    g.fillStyle = p.color;
    g.beginPath();
    g.arc(p.x, p.y, p.size, 0, Math.PI * 2);
    g.fill();
  }
  g.globalAlpha = 1;
}

function drawBird(g: CanvasRenderingContext2D, game: SkyHopper) {
  const { frame, bird, state, flapAnim } = game.view;
  // The bird.
  g.save();
  g.translate(BIRD_X, bird.y);
  g.rotate(bird.rot);
  g.fillStyle = "rgba(0,0,0,0.12)";
  g.beginPath();
  g.ellipse(2, 4, BIRD_R + 1, BIRD_R - 2, 0, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = "#f08c00";
  g.beginPath();
  g.moveTo(-BIRD_R + 2, -2);
  g.lineTo(-BIRD_R - 9, -8);
  g.lineTo(-BIRD_R - 6, 1);
  g.lineTo(-BIRD_R - 10, 6);
  g.closePath();
  g.fill();
  const body = g.createRadialGradient(-4, -6, 2, 0, 0, BIRD_R + 2);
  body.addColorStop(0, "#fff08a");
  body.addColorStop(0.6, "#ffd43b");
  body.addColorStop(1, "#f59f00");
  g.fillStyle = body;
  g.beginPath();
  g.ellipse(0, 0, BIRD_R + 2, BIRD_R, 0, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = "#fff4c2";
  g.beginPath();
  g.ellipse(2, 7, 9, 5.5, 0, 0, Math.PI * 2);
  g.fill();
  // Wing flaps fast after a hop, slowly otherwise.
  const flap =
    state === "dead"
      ? 0.3
      : flapAnim > 0
        ? Math.sin(flapAnim * 0.9)
        : Math.sin(frame * 0.15) * 0.4;
  g.save();
  g.translate(-4, 1);
  g.rotate(-0.3 + flap * 0.7);
  g.fillStyle = "#f59f00";
  g.beginPath();
  g.ellipse(-4, 0, 10, 6, 0, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = "#ffe066";
  g.beginPath();
  g.ellipse(-3, -1.5, 7, 3.5, 0, 0, Math.PI * 2);
  g.fill();
  g.restore();
  g.fillStyle = "#fff";
  g.beginPath();
  g.arc(7, -5, 6.5, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = "#1f2937";
  g.beginPath();
  if (state === "dead") {
    g.lineWidth = 2;
    g.strokeStyle = "#1f2937";
    g.moveTo(5, -8);
    g.lineTo(11, -2);
    g.moveTo(11, -8);
    g.lineTo(5, -2);
    g.stroke();
  } else {
    g.arc(9, -5, 3.2, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "#fff";
    g.beginPath();
    g.arc(10, -6.5, 1.1, 0, Math.PI * 2);
    g.fill();
  }
  g.fillStyle = "#ff6b3d";
  g.beginPath();
  g.moveTo(12, 0);
  g.lineTo(24, 3);
  g.lineTo(12, 8);
  g.closePath();
  g.fill();
  g.fillStyle = "rgba(255,120,120,0.55)";
  g.beginPath();
  g.arc(3, 3, 3, 0, Math.PI * 2);
  g.fill();
  g.restore();
}

function drawMessages(g: CanvasRenderingContext2D, game: SkyHopper) {
  const { frame, state, popups, flash } = game.view;
  g.textAlign = "center";
  g.textBaseline = "middle";
  for (const p of popups) {
    g.globalAlpha = Math.min(1, p.life / 15);
    g.font = "900 22px system-ui, sans-serif";
    g.lineWidth = 4;
    g.strokeStyle = "rgba(0,0,0,0.25)";
    g.strokeText("+1", p.x, p.y);
    g.fillStyle = "#fff";
    g.fillText("+1", p.x, p.y);
  }
  g.globalAlpha = 1;

  if (state === "ready") {
    g.font = "900 34px system-ui, sans-serif";
    g.lineWidth = 6;
    g.strokeStyle = "rgba(20,40,80,0.35)";
    g.strokeText("Get ready!", W / 2, 200);
    g.fillStyle = "#fff";
    g.fillText("Get ready!", W / 2, 200);
    // A tapping finger hint.
    const bob = Math.abs(Math.sin(frame * 0.1)) * 8;
    g.fillStyle = "rgba(255,255,255,0.9)";
    g.beginPath();
    g.arc(BIRD_X + 2, 380 + bob, 14, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "#4fb7ef";
    g.font = "800 13px system-ui, sans-serif";
    g.fillText("TAP", BIRD_X + 2, 381 + bob);
    g.strokeStyle = `rgba(255,255,255,${0.6 - bob / 20})`;
    g.lineWidth = 2;
    g.beginPath();
    g.arc(BIRD_X + 2, 380, 22 + bob, 0, Math.PI * 2);
    g.stroke();
  }
  if (flash > 0) {
    g.fillStyle = `rgba(255,255,255,${flash / 18})`;
    g.fillRect(-20, -20, W + 40, H + 40);
  }
}

runGame({
  rules,
  title: "Sky Hopper",
  hint: "Tap, click or press Space to hop",
  background: "#14203f",
  render(g, game) {
    const { frame, shake } = game.view;
    g.save();
    if (shake > 0)
      g.translate(
        Math.sin(frame * 2.1) * shake * 0.35,
        Math.cos(frame * 1.6) * shake * 0.35,
      );
    const blend = skyBlend(game.view.skyPhase);
    drawSky(g, game, blend);

    drawScenery(g, game, blend);

    drawPillars(g, game);

    drawGround(g, game);
    drawDusk(g, blend);

    drawParticles(g, game);

    drawBird(g, game);

    drawMessages(g, game);
    g.restore();
  },
});
