import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import {
  CoinIcon,
  GamesIcon,
  SocialIcon,
  TrophyIcon,
} from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { pageTitle } from "#contract/format";
import { canonicalLink } from "~/lib/seo";
import "./about.css";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle("About") },
  {
    name: "description",
    content:
      "Playfeed is a home for quick, free casual games you can play in your browser with friends.",
  },
  ...canonicalLink(matches, "/about"),
];

const PILLARS = [
  {
    Icon: GamesIcon,
    title: "Instant games",
    text: "Every game runs right in your browser. No downloads, no installs, no waiting.",
  },
  {
    Icon: SocialIcon,
    title: "Better with friends",
    text: "Follow friends, chat, and jump into head-to-head multiplayer rounds.",
  },
  {
    Icon: TrophyIcon,
    title: "Something to chase",
    text: "Leaderboards for every game and challenges where you put your coins on the line.",
  },
  {
    Icon: CoinIcon,
    title: "Rewards every day",
    text: "Come back daily to collect a growing coin bonus.",
  },
];

export default function About() {
  return (
    <div className="page page--narrow">
      <PageHeader
        title="About Playfeed"
        subtitle="Quick games, good company, a little friendly rivalry."
      />
      <article className="card prose">
        <p>
          Playfeed is a home for casual games you can start in a second and
          finish in a minute: on the bus, between classes or on the sofa. Scroll
          the feed to discover something new, tap once and you&apos;re playing.
        </p>
        <p>
          We built Playfeed for phones first, so everything works with one
          thumb, and it looks just as good on a big screen. It&apos;s free to
          play, supported by ads.
        </p>
      </article>
      <ul className="pillar-grid">
        {PILLARS.map(({ Icon, title, text }) => (
          <li key={title} className="pillar">
            <span className="pillar__icon">
              <Icon size={22} />
            </span>
            <h2 className="pillar__title">{title}</h2>
            <p>{text}</p>
          </li>
        ))}
      </ul>
      <article className="card prose">
        <h2>Made with publishers</h2>
        <p>
          Many Playfeed games come from small independent studios. Each
          publisher has a page where you can find out about them and play their
          other games.
        </p>
        <h2>Get in touch</h2>
        <p>
          Found a bug, have a game idea, or want to publish with us?{" "}
          <Link to="/contact">Send us a message</Link> or read the{" "}
          <Link to="/blog">Playfeed blog</Link>.
        </p>
      </article>
    </div>
  );
}
