import type { MetaFunction } from "@remix-run/cloudflare";
import { useEffect } from "react";
import { useAccount } from "~/components/AccountProvider";
import { ComingSoon, LoginRequired } from "~/components/EmptyState";
import { LinkIcon, SearchIcon, SocialIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { useViewer } from "~/components/root-data";
import { Tabs } from "~/components/Tabs";
import { pageTitle } from "~/lib/format";

export const meta: MetaFunction = () => [{ title: pageTitle("Social") }];

/** /social: friends, finding people and invitations. */
export default function Social() {
  const user = useViewer();
  const signedIn = Boolean(user);
  const { openLogin } = useAccount();
  // SPEC.md §6: a visitor who opens Social gets the login popup straight away.
  useEffect(() => {
    if (!signedIn) openLogin();
  }, [signedIn, openLogin]);
  const loginPanel = (what: string) => <LoginRequired what={what} icon={<SocialIcon size={28} />} />;
  return (
    <div className="page">
      <PageHeader title="Social" subtitle="Play with friends, chat and send challenges." />
      <Tabs
        label="Social"
        tabs={[
          {
            id: "friends",
            label: "Friends",
            content: signedIn ? (
              <ComingSoon
                icon={<SocialIcon size={28} />}
                title="Your friends will be here"
                description="Follow other players to build your friends list, see who is online and chat in real time."
                features={["See who is online right now", "Chat one to one", "Challenge a friend in a tap"]}
              />
            ) : (
              loginPanel("your friends")
            ),
          },
          {
            id: "find",
            label: "Find People",
            content: signedIn ? (
              <ComingSoon
                icon={<SearchIcon size={28} />}
                title="Find people to play with"
                description="Search Playfeed players by name and follow them to become friends."
                features={["Search by name", "Follow with one tap", "Suggestions from players near you"]}
              />
            ) : (
              loginPanel("people to follow")
            ),
          },
          {
            id: "invite",
            label: "Invite",
            content: signedIn ? (
              <ComingSoon
                icon={<LinkIcon size={28} />}
                title="Invite your friends"
                description="Share a link that brings your friends straight to Playfeed and into your friends list."
                features={["A personal invite link", "Share it anywhere", "Play together as soon as they join"]}
              />
            ) : (
              loginPanel("your invitations")
            ),
          },
        ]}
      />
    </div>
  );
}
