import type { StoredBlogBlock } from "./schema";

/**
 * The demo writer's posts (seeded by workers/seed/seed.ts). Their pictures are static files in public/media/blog/,
 * drawn by scripts/blog-art.mjs from the games' real promo frames; pictures writers upload live in R2 instead.
 */
export interface SeedBlogPost {
  slug: string;
  title: string;
  tags: string[];
  poster: string;
  publishedAt: string;
  content: StoredBlogBlock[];
}

const art = (name: string) => `/media/blog/${name}.jpg`;
const text = (id: string, html: string): StoredBlogBlock => ({
  id,
  type: "text",
  content: html,
});
const image = (id: string, name: string, alt: string): StoredBlogBlock => ({
  id,
  type: "img",
  content: art(name),
  alt,
});

export const SEED_BLOG_POSTS: SeedBlogPost[] = [
  {
    slug: "welcome-to-playfeed",
    title: "Welcome to Playfeed: twelve games, one thumb",
    tags: ["news", "getting started"],
    poster: art("welcome-poster"),
    publishedAt: "2026-03-02T09:00:00Z",
    content: [
      text(
        "intro",
        "<p>Playfeed is a place to play short, bright games in your browser: no installs, no downloads, nothing to wait for. Open it on your phone, swipe through the feed, and the game you stop on is one tap away.</p>",
      ),
      image(
        "catalogue",
        "welcome-catalogue",
        "The icons of all twelve Playfeed games",
      ),
      text(
        "feed",
        "<h2>The feed</h2><p>The home feed plays a short clip of each game as you scroll. Swipe up for the next one, tap a clip to pause it, and swipe sideways to meet the game's publisher or check its leaderboard before you play.</p>",
      ),
      text(
        "catalogue-text",
        "<h2>Twelve games to start with</h2><p>Our first catalogue spans four categories:</p><ul><li><strong>Arcade</strong>: Neon Snake, Brick Breaker and Mole Mash</li><li><strong>Puzzle</strong>: Merge Tiles, Memory Match and Color Flood</li><li><strong>Action</strong>: Dash Runner, Sky Hopper and Star Dodger</li><li><strong>Casual</strong>: Bubble Pop, Fruit Catch and Tower Stack</li></ul><p>Every one of them plays with a thumb on a phone and with the arrow keys on a computer.</p>",
      ),
      text(
        "account",
        "<p>You can watch and play without an account. Sign up to keep your scores on the leaderboards, like and save games, follow friends and play them live.</p>",
      ),
    ],
  },
  {
    slug: "neon-snake-five-habits-of-high-scorers",
    title: "Neon Snake: five habits of high scorers",
    tags: ["tips", "arcade", "neon snake"],
    poster: art("snake-poster"),
    publishedAt: "2026-03-16T09:00:00Z",
    content: [
      text(
        "intro",
        "<p>Neon Snake looks simple: eat the glowing dots, grow, and never bite your own tail. But the snake speeds up as it grows, and two minutes go quickly. We watched the top of the leaderboard and found five habits they share.</p>",
      ),
      text(
        "habits",
        "<h2>1. Let the snake wait for you</h2><p>The round does not start until your first move. Take a breath, look at where the first dot is, and plan the opening.</p><h2>2. Hug the walls</h2><p>A snake that travels along the edge keeps the middle of the board open, so there is always a safe way to the next dot.</p><h2>3. Turn early, not late</h2><p>At top speed a late swipe is a crash. Tap beside the head a square before you need to turn.</p>",
      ),
      image(
        "board",
        "snake-board",
        "A round of Neon Snake with the snake travelling along the edge of the board",
      ),
      text(
        "more-habits",
        "<h2>4. Never chase a dot into a corner</h2><p>A dot in a corner is worth one point; leaving it for a lap later costs nothing. A snake folded into a corner often has no way out.</p><h2>5. Use the keyboard on a computer</h2><p>Arrow keys and WASD both work, and many players find them steadier than a trackpad swipe.</p><blockquote>Each dot is one point. The best runs are not the fastest, they are the ones that never end early.</blockquote>",
      ),
    ],
  },
  {
    slug: "ten-seconds-to-find-a-rival",
    title: "Ten seconds to find a rival: how multiplayer works",
    tags: ["multiplayer", "features"],
    poster: art("multiplayer-poster"),
    publishedAt: "2026-03-30T09:00:00Z",
    content: [
      text(
        "intro",
        "<p>Every Playfeed game has a <strong>Multiplayer</strong> button. Press it and you play the same round as another player at the same time, with their score ticking along at the top of your screen.</p>",
      ),
      image(
        "timeline",
        "multiplayer-timeline",
        "The four steps of a multiplayer match, from joining the lobby to the summary",
      ),
      text(
        "lobby",
        "<h2>The lobby</h2><p>Pressing Multiplayer puts you in the game's lobby. When a second player arrives you are matched straight away, and both of you get the same starting layout so the round is fair.</p><h2>Nobody around?</h2><p>If no one joins within ten seconds, you get a bot instead. Our bots are not made up: each one replays a real round that another player recorded on that game, move by move and point by point.</p>",
      ),
      text(
        "summary",
        "<h2>After the round</h2><p>When both rounds end, the summary shows both scores and who won. The scores on it are the ones our server checked, so nobody can send in a number their round could not have reached. The summary has its own address, so you can come back to it later or share it.</p>",
      ),
    ],
  },
  {
    slug: "puzzle-corner-think-two-moves-ahead",
    title: "Puzzle corner: think two moves ahead",
    tags: ["tips", "puzzle"],
    poster: art("puzzle-poster"),
    publishedAt: "2026-04-13T09:00:00Z",
    content: [
      text(
        "intro",
        "<p>Our three puzzle games reward patience more than speed. Here is how to get more out of each of them.</p><h2>Merge Tiles</h2><p>Pick a corner and keep your biggest tile in it. Build the next biggest beside it, so every merge rolls towards the corner instead of scattering across the board. A new tile appears after every move, so a move that changes nothing still costs you space.</p>",
      ),
      image(
        "merge",
        "puzzle-merge",
        "Rounds of Merge Tiles and Color Flood side by side",
      ),
      text(
        "memory",
        "<h2>Memory Match</h2><p>The first peek at the cards is the most valuable second of the round. Learn the edges first: cards in the corners and along the sides are easier to remember than the ones in the middle. A wrong pair costs a second, and the leaderboard ranks you by the level you reach.</p>",
      ),
      text(
        "flood",
        "<h2>Color Flood</h2><p>Do not pick the colour that floods the most tiles right now; pick the one that opens the biggest area next. Clearing a board scores 100 plus 50 for every move you have left, so a plan that finishes two moves early is worth a hundred points.</p>",
      ),
    ],
  },
  {
    slug: "beat-the-people-you-follow",
    title: "Leaderboards: beat the people you follow",
    tags: ["leaderboards", "social", "features"],
    poster: art("leaderboards-poster"),
    publishedAt: "2026-04-27T09:00:00Z",
    content: [
      text(
        "intro",
        "<p>Every game on Playfeed keeps a leaderboard of each player's best round. Now there is a second one: signed in, you can switch the board to show only you and the people you follow.</p>",
      ),
      image(
        "scope",
        "leaderboards-scope",
        "The Neon Snake leaderboard for everyone beside the one for the people you follow",
      ),
      text(
        "how",
        "<h2>How the board is ordered</h2><ul><li>Highest score first; games like Brick Breaker and Memory Match rank by the level you reached.</li><li>Equal scores go to whoever reached them first.</li><li>Only your best round counts, so one bad run never pushes you down.</li></ul>",
      ),
      text(
        "follow",
        "<h2>Find your people</h2><p>Open <strong>Social</strong>, search for a friend under Find People and press Follow. Send them your invite link from the Invite tab, and when they sign up through it you follow each other straight away.</p><p>Then pick any game, open its leaderboard and switch to Following. Somebody is always just one point ahead.</p>",
      ),
    ],
  },
  {
    slug: "how-every-promo-video-is-made",
    title: "Behind the scenes: how every promo video is made",
    tags: ["behind the scenes", "news"],
    poster: art("promos-poster"),
    publishedAt: "2026-05-11T09:00:00Z",
    content: [
      text(
        "intro",
        "<p>The clips in the home feed are not edited trailers. Each one is eight seconds of the real game, played by the game itself.</p>",
      ),
      text(
        "demo",
        "<h2>A demo mode in every game</h2><p>Each of our games has a demo mode in which it plays itself. A small script opens the game in a headless browser and steps the game's own clock one frame at a time, taking a picture after each step. Because the clock only moves when the script says so, the video comes out smooth even on a slow machine.</p>",
      ),
      image(
        "frames",
        "promos-frames",
        "Frames from the promo clips of six Playfeed games",
      ),
      text(
        "encode",
        "<h2>Small enough for a phone</h2><p>The frames are encoded as a 360 by 640 video of under 400 KB, so the feed starts playing quickly even on a weak connection. A frame from the second second, with the game in full swing, doubles as the poster you see while the clip loads.</p><p>Every time a game changes, we record its clip again, so what you see in the feed is what you get when you tap Play.</p>",
      ),
    ],
  },
];
