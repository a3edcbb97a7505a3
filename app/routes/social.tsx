import type { MetaFunction } from "@remix-run/cloudflare";
import { idOrNull } from "#contract/ids";
import { useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useLoginPopupForVisitors } from "~/components/AccountProvider";
import { LoginRequired } from "~/components/EmptyState";
import { SocialIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { useViewer } from "~/components/root-data";
import { ChatPanel } from "~/components/social/ChatPanel";
import { FindPeopleTab } from "~/components/social/FindPeopleTab";
import { FriendsTab } from "~/components/social/FriendsTab";
import { InviteTab } from "~/components/social/InviteTab";
import { useFriends } from "~/components/social/useFriends";
import { Tabs } from "~/components/Tabs";
import { pageTitle } from "#contract/format";
import type { Friend } from "#contract/types";
import "./social.css";

export const meta: MetaFunction = () => [{ title: pageTitle("Social") }];

type SocialTab = "friends" | "find" | "invite";

/** Navigation state marking a chat opened from this page, so closing it can simply go back. */
interface ChatNavigationState {
  chatFromSocial?: boolean;
}

/** `?chat={friendId}`: a chat to open, if it names someone other than the viewer. */
function chatFriendId(value: string | null, viewerId: number): number | null {
  const id = idOrNull(value);
  return id === viewerId ? null : id;
}

/** /social (SPEC.md §2): tabs Friends, Find People and Invite, and the chat with a friend (`?chat={friendId}`). */
export default function Social() {
  const viewer = useViewer();
  // SPEC.md §6: a visitor who opens Social gets the login popup straight away.
  useLoginPopupForVisitors();

  if (!viewer) {
    return (
      <div className="page social-page">
        <PageHeader
          title="Social"
          subtitle="Play with friends, chat and send challenges."
        />
        <LoginRequired
          what="your friends"
          icon={<SocialIcon size={28} />}
          description="Log in to follow other players, see which friends are online, chat with them in real time and invite new ones."
        />
      </div>
    );
  }
  return <SocialHub viewerId={viewer._id} />;
}

function SocialHub({ viewerId }: { viewerId: number }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const chatWith = chatFriendId(params.get("chat"), viewerId);
  const friends = useFriends(viewerId);
  const [tab, setTab] = useState<SocialTab>("friends");

  const openChat = (friend: Friend) => {
    if (friend._id === chatWith) return;
    navigate(`/social?chat=${friend._id}`, {
      state: { chatFromSocial: true } satisfies ChatNavigationState,
      preventScrollReset: true,
      // Switching from one open chat to another does not pile up history entries.
      replace: chatWith !== null,
    });
  };

  const fromSocial = Boolean(
    (location.state as ChatNavigationState | null)?.chatFromSocial,
  );
  const closeChat = useCallback(() => {
    if (fromSocial) navigate(-1);
    else navigate("/social", { replace: true, preventScrollReset: true });
  }, [fromSocial, navigate]);

  const blocked = (friendId: number) => {
    friends.remove(friendId);
    if (friendId === chatWith) closeChat();
  };

  const chatFriend =
    chatWith === null || !friends.friends
      ? undefined
      : (friends.friends.find((friend) => friend._id === chatWith) ?? null);

  return (
    <div
      className={
        chatWith !== null ? "page social-page has-chat" : "page social-page"
      }
    >
      <div className="social-page__main">
        <PageHeader
          title="Social"
          subtitle="Play with friends, chat and send challenges."
        />
        <Tabs
          label="Social"
          selected={tab}
          onSelect={(id) => setTab(id as SocialTab)}
          tabs={[
            {
              id: "friends",
              label: "Friends",
              content: (
                <FriendsTab
                  list={friends}
                  chatWith={chatWith}
                  onChat={openChat}
                  onFindPeople={() => setTab("find")}
                  onBlocked={blocked}
                />
              ),
            },
            {
              id: "find",
              label: "Find People",
              content: (
                <FindPeopleTab
                  viewerId={viewerId}
                  active={tab === "find"}
                  onFollowed={() => friends.reload(true)}
                />
              ),
            },
            {
              id: "invite",
              label: "Invite",
              content: <InviteTab active={tab === "invite"} />,
            },
          ]}
        />
      </div>
      {chatWith !== null ? (
        <ChatPanel
          key={chatWith}
          viewerId={viewerId}
          friendId={chatWith}
          friend={chatFriend}
          online={chatFriend ? friends.isOnline(chatWith) : null}
          onClose={closeChat}
          onBlocked={blocked}
        />
      ) : null}
    </div>
  );
}
