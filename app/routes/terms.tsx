import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { pageTitle } from "#contract/format";
import { canonicalLink } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle("Terms of Service") },
  {
    name: "description",
    content:
      "The terms for using Playfeed, including coins, refunds and cancellations.",
  },
  ...canonicalLink(matches, "/terms"),
];

/** SPEC.md §9: refund and cancellation window 15 days; refunds take 9-15 days. */
export default function Terms() {
  return (
    <div className="page page--narrow">
      <PageHeader
        title="Terms of Service"
        subtitle="The rules that keep Playfeed fair and fun for everyone."
      />
      <article className="card prose legal">
        <p>
          These terms apply whenever you use Playfeed, our website and the games
          on it. By playing, creating an account or buying coins you agree to
          them. If you do not agree, please do not use Playfeed.
        </p>

        <h2>1. Your account</h2>
        <p>
          You can browse and watch without an account. To like, rate, play
          multiplayer, challenge friends or collect coins you need a Playfeed
          account. Keep your password private: you are responsible for what
          happens under your account. Tell us straight away if you think someone
          else has used it.
        </p>

        <h2>2. Playing fair</h2>
        <ul>
          <li>
            Do not cheat, use bots or automate play, or tamper with scores and
            leaderboards.
          </li>
          <li>
            Be kind in chats, names and pictures: no harassment, hate, or
            content that is not yours to share.
          </li>
          <li>
            Do not try to break, overload or get around the security of
            Playfeed.
          </li>
        </ul>
        <p>
          We may remove scores, coins or content, or suspend accounts, that
          break these rules.
        </p>

        <h2>3. Coins</h2>
        <p>
          Coins are a virtual currency you earn through daily bonuses and
          challenges, or buy in the shop. Coins have no cash value, cannot be
          exchanged for money and cannot be transferred outside Playfeed. Coins
          you bet on a challenge go to the winner of that challenge.
        </p>

        <h2>4. Refunds and cancellation</h2>
        <p>
          You may cancel a coin purchase and ask for a refund within{" "}
          <strong>15 days</strong> of buying it, as long as the coins from that
          purchase have not been spent. Write to us through the{" "}
          <Link to="/contact">contact page</Link> with the email of your account
          and the date of the purchase.
        </p>
        <p>
          Once we approve a refund, it is paid back to the original payment
          method. Refunds take <strong>9-15 days</strong> to arrive, depending
          on your bank or payment provider.
        </p>

        <h2>5. Games and content</h2>
        <p>
          Games on Playfeed are made by us and by independent publishers, who
          keep the rights to their games. You may play them on Playfeed for your
          own enjoyment, but not copy, resell or republish them.
        </p>

        <h2>6. Advertising</h2>
        <p>
          Playfeed is free to play because it shows ads. Ads are clearly
          labelled and come from our advertising partners.
        </p>

        <h2>7. Availability and liability</h2>
        <p>
          We work hard to keep Playfeed running, but games may sometimes be
          unavailable or change. Playfeed is provided as it is, and to the
          extent the law allows we are not liable for indirect losses arising
          from its use.
        </p>

        <h2>8. Changes to these terms</h2>
        <p>
          We may update these terms as Playfeed grows. When the changes are
          important we will tell you on the site before they take effect. Using
          Playfeed after that means you accept the new terms.
        </p>

        <h2>9. Contact</h2>
        <p>
          Questions about these terms? <Link to="/contact">Contact us</Link>.
          See also our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </article>
    </div>
  );
}
