import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { idOrNull } from "#contract/ids";
import {
  useLoaderData,
  useLocation,
  useNavigate,
  useSearchParams,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLoginPopupForVisitors } from "~/components/AccountProvider";
import { LoginRequired } from "~/components/EmptyState";
import { SocialIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { useViewer } from "~/components/root-data";
import { useSocket } from "~/components/SocketProvider";
import { BlockedTab } from "~/components/social/BlockedTab";
import { ChatPanel } from "~/components/social/ChatPanel";
import { FindPeopleTab } from "~/components/social/FindPeopleTab";
import { FriendsTab } from "~/components/social/FriendsTab";
import { InviteTab } from "~/components/social/InviteTab";
import { MessagesTab, useInbox } from "~/components/social/MessagesTab";
import { useFriends } from "~/components/social/useFriends";
import { Tabs } from "~/components/Tabs";
import { pageTitle } from "#contract/format";
import { SocialFormSchema } from "#contract/social";
import type { Friend } from "#contract/types";
import { pageMutation } from "~/server/actions.server";
import { clientErrorMessage, viewerIdOf } from "~/server/loaders.server";
import "./social.css";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { OFFLINE_MUTATION, unlessOffline } from "~/lib/offline-answer";

export const meta: MetaFunction = () => [{ title: pageTitle("Social") }];

const TABS = ["friends", "messages", "find", "invite", "blocked"] as const;
type SocialTab = (typeof TABS)[number];

/** `?tab=`: the tab a link (or a page without JavaScript) asks for; Friends otherwise. */
const tabOf = (value: string | null): SocialTab =>
  TABS.find((tab) => tab === value) ?? "friends";

/**
 * The friends list and the chat inbox (`?tab=messages`), on `?tab=find` the search for `?q=` and on `?tab=blocked` the people the viewer blocked: drawn by
 * the server, so the page works without JavaScript (follow and unfollow are forms posting to /actions/follow, unblock
 * posts to this route's action). With JavaScript the tabs keep them live.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewerId = await viewerIdOf(context, request);
  if (!viewerId)
    return { friends: null, inbox: null, find: null, blocked: null };
  const url = new URL(request.url);
  const { social } = context.services;
  const tab = tabOf(url.searchParams.get("tab"));
  const query = url.searchParams.get("q") ?? "";
  const search = async () => {
    const found = await clientErrorMessage(() =>
      social.find(viewerId, { q: query, page: "0" }),
    );
    return { query, ...found };
  };
  // The inbox is one call to the viewer's own hub: read for every tab, so Messages opens without asking again.
  const inbox = social.inbox(viewerId).catch((error: unknown) => {
    console.error("reading the inbox failed", error);
    return null;
  });
  const [friends, find, blocked] = await Promise.all([
    social.friends(viewerId),
    tab === "find" ? search() : null,
    tab === "blocked" ? social.blockedPeople(viewerId) : null,
  ]);
  return { friends, inbox: await inbox, find, blocked };
}

/**
 * The page's writes, one intent each: Unblock (the Blocked screen), Block and Unfriend (the friends list and the chat)
 * and Report (a chat message). The same service calls as the JSON API's social endpoints.
 */
export const action = (args: ActionFunctionArgs) =>
  pageMutation(args, SocialFormSchema, async (caller, input) => {
    const { social } = args.context.services;
    switch (input.intent) {
      case "unblock":
        return social.unblock(caller.id, input.user_id);
      case "block":
        return social.block(caller.id, input.user_id);
      case "unfriend":
        return social.unfriend(caller.id, input.user_id);
      case "report": {
        const { user_id, msg_id, reason } = input;
        await social.report(caller.id, { user_id, msg_id, reason });
        return { reported: msg_id };
      }
    }
  });

/** With JavaScript the lists keep themselves live: only a new tab or search in the address asks the loader again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
}) =>
  !formMethod &&
  (currentUrl.searchParams.get("tab") !== nextUrl.searchParams.get("tab") ||
    currentUrl.searchParams.get("q") !== nextUrl.searchParams.get("q"));

/** Navigation state marking a chat opened from this page, so closing it can simply go back. */
interface ChatNavigationState {
  chatFromSocial?: boolean;
}

/** `?chat={friendId}`: a chat to open, if it names someone other than the viewer. */
function chatFriendId(value: string | null, viewerId: number): number | null {
  const id = idOrNull(value);
  return id === viewerId ? null : id;
}

/**
 * /social (SPEC.md §2): tabs Friends, Messages (the chat inbox, ADR 028), Find People, Invite and Blocked (the people
 * the viewer blocked, with Unblock), and the chat with a friend (`?chat={friendId}`).
 */
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
  const loaded = useLoaderData<typeof loader>();
  const friends = useFriends(viewerId, loaded.friends);
  const inbox = useInbox(loaded.inbox);
  const { subscribe } = useSocket();
  const [tab, setTab] = useState<SocialTab>(() => tabOf(params.get("tab")));

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

  // A block here and its `blocked` event both close the chat: it must go back only once.
  const chatClosedFor = useRef<number | null>(null);
  useEffect(() => {
    chatClosedFor.current = null;
  }, [chatWith]);
  const blocked = (friendId: number) => {
    friends.remove(friendId);
    if (friendId !== chatWith || chatClosedFor.current === friendId) return;
    chatClosedFor.current = friendId;
    closeChat();
  };
  // Blocked apart elsewhere (the friend blocked the viewer, or the viewer did in another tab).
  const blockedRef = useRef(blocked);
  blockedRef.current = blocked;
  useEffect(
    () =>
      subscribe((event) => {
        if (event.event === "blocked") blockedRef.current(event.data.userId);
      }),
    [subscribe],
  );

  const followingIds = useMemo(
    () =>
      friends.friends
        ? new Set(friends.friends.map((friend) => friend._id))
        : null,
    [friends.friends],
  );

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
          onSelect={(id) => setTab(tabOf(id))}
          hrefFor={(id) => (id === "friends" ? "/social" : `/social?tab=${id}`)}
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
              id: "messages",
              label: "Messages",
              content: (
                <MessagesTab
                  entries={inbox}
                  list={friends}
                  chatWith={chatWith}
                  onChat={openChat}
                  onFriends={() => setTab("friends")}
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
                  onFollowed={(person) => {
                    friends.add(person);
                    friends.reload(true);
                  }}
                  followingIds={followingIds}
                  initial={loaded.find ?? undefined}
                />
              ),
            },
            {
              id: "invite",
              label: "Invite",
              content: <InviteTab active={tab === "invite"} />,
            },
            {
              id: "blocked",
              label: "Blocked",
              content: (
                <BlockedTab
                  active={tab === "blocked"}
                  initial={loaded.blocked}
                />
              ),
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

/** A post that never reaches the server is answered in place, like a refusal, not with the error page. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  unlessOffline(() => serverAction<typeof action>(), OFFLINE_MUTATION);
