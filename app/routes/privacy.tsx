import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { pageTitle } from "#contract/format";
import { canonicalLink } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle("Privacy Policy") },
  {
    name: "description",
    content: "What Playfeed collects, why, and the choices you have.",
  },
  ...canonicalLink(matches, "/privacy"),
];

export default function Privacy() {
  return (
    <div className="page page--narrow">
      <PageHeader
        title="Privacy Policy"
        subtitle="What we collect, why we collect it, and the choices you have."
      />
      <article className="card prose legal">
        <p>
          Playfeed is a casual games platform. We collect only what we need to
          run your account, your games and your friendships, and we never sell
          your personal information.
        </p>

        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Account details</strong> you give us: name, email address,
            phone number, gender, an optional address and an optional profile
            picture. If you sign in with a social account we receive your name,
            email and profile picture from it.
          </li>
          <li>
            <strong>Game activity</strong>: scores, likes, ratings, challenges,
            coins, play time and the games you played, so we can show
            leaderboards, results and your history.
          </li>
          <li>
            <strong>Social activity</strong>: who you follow, and chat messages
            you send to friends, so they can be delivered.
          </li>
          <li>
            <strong>Technical data</strong>: a session cookie that keeps you
            signed in, and basic logs (such as your browser type and the pages
            requested) that help us keep Playfeed secure and working.
          </li>
        </ul>

        <h2>How we use it</h2>
        <ul>
          <li>
            To run your account, save your progress and show your scores on
            leaderboards.
          </li>
          <li>
            To match you with opponents, deliver challenges, messages and
            notifications.
          </li>
          <li>To keep Playfeed safe, prevent cheating and fix problems.</li>
          <li>
            To understand which games players enjoy, using counts rather than
            individual profiles.
          </li>
        </ul>

        <h2>What other players see</h2>
        <p>
          Your name, profile picture, online status and scores are visible to
          other players on leaderboards, in friend lists and in challenges. Your
          email, phone number and address are never shown to other players.
        </p>

        <h2>Advertising</h2>
        <p>
          Ads keep Playfeed free. Our advertising partners may use cookies to
          show and measure ads. They do not receive your account details from
          us.
        </p>

        <h2>How long we keep it</h2>
        <p>
          We keep your account data while your account is open. When you ask us
          to delete your account we remove your personal details; anonymous game
          statistics may remain.
        </p>
        <p>
          Your best scores, ranks, prizes and coins stay as long as your account
          does, and so do the recorded runs of the first 100 players of each
          leaderboard. The record of each single round goes after 8 days, and
          its recorded run after 2, unless a leaderboard, a match, a challenge
          or a score you shared shows it; a match&rsquo;s summary goes after 8
          days; your notifications go after 90 days, &ldquo;Recently
          played&rdquo; after 14 days, and usage events after 2 days (35 days
          for the developers of a game).
        </p>

        <h2>Your choices and rights</h2>
        <p>
          You can see and change your details on your profile at any time. You
          can ask us for a copy of your data or for its deletion through the{" "}
          <Link to="/contact">contact page</Link>.
        </p>

        <h2>Children</h2>
        <p>
          Playfeed is meant for a general audience. If you believe a child has
          given us personal information without a parent&apos;s permission,
          contact us and we will remove it.
        </p>

        <h2>Security</h2>
        <p>
          Passwords are stored only as secure hashes, connections are encrypted,
          and access to personal data is limited to what running Playfeed
          requires.
        </p>

        <h2>Changes</h2>
        <p>
          If we change this policy in an important way we will tell you on the
          site. Questions? <Link to="/contact">Get in touch</Link>.
        </p>
      </article>
    </div>
  );
}
