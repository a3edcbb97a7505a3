import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LoginLink } from "~/components/AccountProvider";
import { DailyBonusPanel } from "~/components/coins/DailyBonusPanel";
import { WalletPanel } from "~/components/coins/WalletPanel";
import { CoinIcon, LockIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { useViewer } from "~/components/root-data";
import { ClaimFormSchema } from "#contract/coins";
import { formatNumber, pageTitle } from "#contract/format";
import { pageMutation } from "~/server/actions.server";
import "./shop.css";

export const meta: MetaFunction = () => [{ title: pageTitle("Shop") }];

/** Today's challenge limit for the wallet panel; a visitor has none. Read again after every action, coins moved. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await context.services.sessions.userForRequest(request);
  return {
    challengeLimit: user
      ? await context.services.wallet.challengeLimit(user.id)
      : null,
  };
}

/** Collect in the shop's daily bonus panel and in the daily bonus popup: the same service call as POST /api/wallet. */
export const action = (args: ActionFunctionArgs) =>
  pageMutation(args, ClaimFormSchema, (caller, { coins }) =>
    args.context.services.wallet.claimDailyBonus(caller.id, { coins }),
  );

/** SPEC.md §9: three static packs, display only. */
const COIN_PACKS = [
  {
    coins: 250,
    title: "Buy 250 coins",
    tag: "Starter",
    blurb: "Enough for a few friendly challenges.",
  },
  {
    coins: 1500,
    title: "Buy 1500 coins",
    tag: "Popular",
    blurb: "Bet bigger and keep your streak going.",
  },
  {
    coins: 5000,
    title: "Buy 5000 coins",
    tag: "Best value",
    blurb: "For players who never back down.",
  },
];

/**
 * /shop: the player's wallet and today's challenge limit, the daily bonus and when the next one comes, and the coin
 * packs (not on sale yet).
 */
export default function Shop() {
  const user = useViewer();
  const { challengeLimit } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <PageHeader
        title="Shop"
        subtitle="Coins let you bet on challenges against your friends."
      />

      {user ? (
        <>
          <WalletPanel wallet={user.wallet} limit={challengeLimit} />
          <DailyBonusPanel viewer={user} />
        </>
      ) : (
        <div className="notice notice--login">
          <LockIcon size={22} />
          <div className="notice__text">
            <p className="notice__title">Log in to see your wallet</p>
            <p>Your coin balance and purchases belong to your account.</p>
          </div>
          <LoginLink className="button button--primary button--small" />
        </div>
      )}

      <ul className="pack-grid">
        {COIN_PACKS.map((pack) => (
          <li
            key={pack.coins}
            className={pack.tag === "Popular" ? "pack pack--featured" : "pack"}
          >
            <span className="pack__tag">{pack.tag}</span>
            <div className="pack__coins" aria-hidden="true">
              <CoinIcon size={40} />
            </div>
            <p className="pack__amount">{formatNumber(pack.coins)}</p>
            <h2 className="pack__title">{pack.title}</h2>
            <p className="pack__blurb">{pack.blurb}</p>
            <button
              type="button"
              className="button button--primary button--block"
              disabled
              aria-describedby="shop-note"
            >
              Coming soon
            </button>
          </li>
        ))}
      </ul>
      <p id="shop-note" className="shop-note">
        Coin purchases are not open yet: packs are shown for preview only and
        nothing can be bought or charged.
      </p>
    </div>
  );
}
