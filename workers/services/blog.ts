import { and, desc, eq, gte, lt, or, sql } from "drizzle-orm";
import {
  BLOG_CLIENT_ID,
  BlogCreateSchema,
  BlogListQuerySchema,
  BlogUpdateSchema,
  SlugSchema,
  blogPath,
  imageOwner,
  publishProblem,
  slugify,
  type Blog,
  type BlogBlock,
  type BlogPage,
  type BlogSummary,
} from "#contract/blog";
import { FORMER_WRITER_NAME } from "#contract/account-closing";
import { htmlToText, truncate } from "#contract/format";
import type { Db } from "../db/client";
import { blogPosts, users, type BlogPostRow, type UserRow } from "../db/schema";
import {
  ApiError,
  badRequest,
  forbidden,
  notFound,
  unauthorized,
} from "./errors";
import { sanitizeHtml } from "./html";
import { parseInput } from "./parse";

const postNotFound = () => notFound("Post not found");

// A deleted writer's published posts stay, credited to no one by name (issue #34, ADR 046).
const authorColumns = {
  authorName: sql<string>`case when ${users.deletedAt} is null then ${users.name} else ${FORMER_WRITER_NAME} end`,
  authorImg: users.profileImg,
  authorPic: users.profilePic,
};
type PostWithAuthor = BlogPostRow & {
  authorName: string;
  authorImg: string | null;
  authorPic: string | null;
};

const hasText = (html: string) => htmlToText(html) !== "";

function firstImage(content: BlogBlock[]): string | null {
  return content.find((block) => block.type === "img")?.content ?? null;
}

function summaryOf(row: PostWithAuthor): BlogSummary {
  const firstText = row.content.find(
    (block) => block.type === "text" && hasText(block.content),
  );
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    tags: row.tags,
    poster_url: row.posterUrl ?? firstImage(row.content),
    user_id: row.authorId,
    user_name: row.authorName,
    user_profile_pic: row.authorImg ?? row.authorPic,
    created_dt: (row.publishedAt ?? row.createdAt).toISOString(),
    updated_dt: row.updatedAt.toISOString(),
    published_dt: row.publishedAt?.toISOString() ?? null,
    blog_url: blogPath(row.slug),
    status: row.status,
    excerpt: firstText ? truncate(htmlToText(firstText.content), 180) : "",
  };
}

const blogOf = (row: PostWithAuthor): Blog => ({
  ...summaryOf(row),
  content: row.content,
});

/** Text is kept as sanitised HTML, so no script or handler written into a post ever reaches a reader. */
function cleanContent(content: BlogBlock[]): BlogBlock[] {
  return content.map((block) =>
    block.type === "text"
      ? { ...block, content: sanitizeHtml(block.content) }
      : block,
  );
}

/** A writer's post may show pictures they uploaded and the seeded static ones, not another writer's uploads. */
function assertOwnImages(authorId: number, paths: Array<string | null>) {
  for (const path of paths) {
    const owner = path ? imageOwner(path) : null;
    if (owner !== null && owner !== authorId)
      throw badRequest("Use pictures you uploaded yourself");
  }
}

/** Whether an uploaded picture has landed in storage; an upload address is handed out before its picture arrives. */
export type PictureStored = (path: string) => Promise<boolean>;

const stillUploading = () =>
  badRequest(
    "A picture in this post has not finished uploading. Wait for it, then save again.",
  );

/** Refuses a post that points at an uploaded picture not yet in storage, so readers never meet an empty image. */
async function assertPicturesStored(
  pictureStored: PictureStored,
  paths: Array<string | null>,
  alreadyStored: ReadonlySet<string> = new Set(),
) {
  const uploaded = new Set(
    paths.filter(
      (path): path is string =>
        path !== null && imageOwner(path) !== null && !alreadyStored.has(path),
    ),
  );
  const stored = await Promise.all([...uploaded].map(pictureStored));
  if (stored.includes(false)) throw stillUploading();
}

const picturesOf = (
  posterUrl: string | null,
  content: BlogBlock[],
): Array<string | null> => [
  posterUrl,
  ...content.map((block) => (block.type === "img" ? block.content : null)),
];

function assertWriter(user: UserRow) {
  if (!user.canWrite) throw forbidden("Only blog writers can write posts");
}

/** drizzle wraps D1's error: the constraint's name is in the cause, not the message. */
const isUniqueViolation = (error: unknown) =>
  [error, (error as { cause?: unknown })?.cause].some((part) =>
    String((part as Error)?.message ?? part).includes(
      "UNIQUE constraint failed: blog_posts.slug",
    ),
  );

/** Tries with the lowest free number first; writers racing for one title then fall back to a random suffix. */
const SLUG_ATTEMPTS = 4;

/** Drops the edge's cached copies of these pages (paths), so readers see a change at once. */
export type ForgetPages = (paths: string[]) => Promise<void>;

const selectPosts = (db: Db) =>
  db
    .select({ ...blogPostColumns(), ...authorColumns })
    .from(blogPosts)
    .innerJoin(users, eq(users.id, blogPosts.authorId));

async function findRow(
  db: Db,
  where: ReturnType<typeof eq>,
): Promise<PostWithAuthor | undefined> {
  const [row] = await selectPosts(db).where(where).limit(1);
  return row;
}

/** A post as `viewerId` may see it: a draft is its author's alone, and for everyone else it does not exist. */
function visibleTo(
  row: PostWithAuthor | undefined,
  viewerId: number | undefined,
): PostWithAuthor {
  if (!row || (row.status === "draft" && row.authorId !== viewerId))
    throw postNotFound();
  return row;
}

/** The title's slug, or the same with the lowest free number after it ("my-post-2"). */
async function freeSlug(
  db: Db,
  title: string,
  exceptId?: number,
): Promise<string> {
  const base = slugify(title);
  const taken = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    // A range, not LIKE: D1 refuses LIKE patterns over 50 bytes, and a slug may be 80 characters. '.' follows '-'.
    .where(
      and(
        or(
          eq(blogPosts.slug, base),
          and(gte(blogPosts.slug, `${base}-`), lt(blogPosts.slug, `${base}.`)),
        ),
        exceptId ? sql`${blogPosts.id} <> ${exceptId}` : undefined,
      ),
    );
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Runs a write that claims a slug; a race for the same slug retries with a fresh one, then gives up with a 409. */
async function withFreeSlug<T>(
  db: Db,
  title: string,
  exceptId: number | undefined,
  write: (slug: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    try {
      const free = await freeSlug(db, title, exceptId);
      return await write(
        attempt < 2 ? free : `${free}-${crypto.randomUUID().slice(0, 6)}`,
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new ApiError(
    409,
    "conflict",
    "Another post took this address at the same moment. Please save again.",
  );
}

async function editableRow(
  db: Db,
  user: UserRow,
  id: number,
): Promise<PostWithAuthor> {
  const row = await findRow(db, eq(blogPosts.id, id));
  if (!row) throw postNotFound();
  assertWriter(user);
  if (row.authorId !== user.id)
    throw forbidden("You can only edit your own posts");
  return row;
}

/** SPEC.md §7 GET /blog/list/{clientId}: published posts, newest first, a page at a time; `author=me` lists the caller's own. */
async function listPosts(
  db: Db,
  clientId: string,
  query: unknown,
  viewer: UserRow | null,
): Promise<BlogPage> {
  if (clientId !== BLOG_CLIENT_ID)
    throw notFound(`There is no blog for client '${truncate(clientId, 40)}'`);
  const { page, limit, tag, author } = parseInput(BlogListQuerySchema, query);
  if (author && !viewer) throw unauthorized("Please log in to see your posts");
  const rows = await selectPosts(db)
    .where(
      and(
        author
          ? eq(blogPosts.authorId, viewer!.id)
          : eq(blogPosts.status, "published"),
        tag
          ? sql`exists (select 1 from json_each(${blogPosts.tags}) where value = ${tag})`
          : undefined,
      ),
    )
    .orderBy(
      ...(author ? [desc(blogPosts.updatedAt)] : [desc(blogPosts.publishedAt)]),
      desc(blogPosts.id),
    )
    .limit(limit + 1)
    .offset(page * limit);
  return {
    posts: rows.slice(0, limit).map(summaryOf),
    page,
    has_more: rows.length > limit,
  };
}

/** `forgetPages` is told of every page a write changed: the blog list and the post's old and new addresses. */
export function createBlogService(
  db: Db,
  forgetPages: ForgetPages,
  pictureStored: PictureStored,
) {
  const service = {
    /** SPEC.md §7 GET /blog/list/{clientId}. */
    list: (clientId: string, query: unknown, viewer: UserRow | null) =>
      listPosts(db, clientId, query, viewer),

    /** The address and last change of published posts, newest first, at most `limit` (the sitemap). */
    async listPublishedAddresses(
      limit: number,
    ): Promise<Array<{ blog_url: string; updated_dt: string }>> {
      const rows = await db
        .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
        .from(blogPosts)
        .where(eq(blogPosts.status, "published"))
        .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
        .limit(limit);
      return rows.map((row) => ({
        blog_url: blogPath(row.slug),
        updated_dt: row.updatedAt.toISOString(),
      }));
    },

    /** SPEC.md §7 GET /blog/content/{id}. */
    async getById(id: number, viewerId?: number): Promise<Blog> {
      return blogOf(
        visibleTo(await findRow(db, eq(blogPosts.id, id)), viewerId),
      );
    },

    /** SPEC.md §7 GET /blog/{title}: by the slug in the post's address. */
    async getBySlug(rawSlug: string, viewerId?: number): Promise<Blog> {
      const slug = parseInput(SlugSchema, rawSlug);
      return blogOf(
        visibleTo(await findRow(db, eq(blogPosts.slug, slug)), viewerId),
      );
    },

    /** The post as its author edits it; another writer's post is a 403, and only writers edit at all. */
    async forEditing(user: UserRow, id: number): Promise<Blog> {
      return blogOf(await editableRow(db, user, id));
    },

    /** SPEC.md §7 POST /blog: writers only. */
    async create(user: UserRow, input: unknown): Promise<Blog> {
      assertWriter(user);
      const post = parseInput(BlogCreateSchema, input);
      const content = cleanContent(post.content);
      const pictures = picturesOf(post.poster_url, content);
      assertOwnImages(user.id, pictures);
      await assertPicturesStored(pictureStored, pictures);
      const published = post.status === "published";
      if (published) {
        const problem = publishProblem({ title: post.title, content }, hasText);
        if (problem) throw badRequest(problem);
      }
      const now = new Date();
      const id = await withFreeSlug(db, post.title, undefined, async (slug) => {
        const [row] = await db
          .insert(blogPosts)
          .values({
            authorId: user.id,
            slug,
            title: post.title,
            tags: post.tags,
            posterUrl: post.poster_url,
            content,
            status: post.status,
            publishedAt: published ? now : null,
            updatedAt: now,
          })
          .returning({ id: blogPosts.id });
        return row.id;
      });
      const created = blogOf((await findRow(db, eq(blogPosts.id, id)))!);
      await forgetPages(["/blog", created.blog_url]);
      return created;
    },

    /** SPEC.md §7 PUT /blog/{id}: the author only. The slug follows the title until the post is first published. */
    async update(user: UserRow, id: number, input: unknown): Promise<Blog> {
      const current = await editableRow(db, user, id);
      const changes = parseInput(BlogUpdateSchema, input);
      const content = changes.content
        ? cleanContent(changes.content)
        : current.content;
      const title = changes.title ?? current.title;
      const status = changes.status ?? current.status;
      const posterUrl =
        changes.poster_url === undefined
          ? current.posterUrl
          : changes.poster_url;
      if (changes.content || changes.poster_url) {
        const pictures = picturesOf(posterUrl, content);
        assertOwnImages(user.id, pictures);
        await assertPicturesStored(
          pictureStored,
          pictures,
          new Set(
            picturesOf(current.posterUrl, current.content).filter(
              (path): path is string => path !== null,
            ),
          ),
        );
      }
      if (status === "published") {
        const problem = publishProblem({ title, content }, hasText);
        if (problem) throw badRequest(problem);
      }
      const now = new Date();
      const publishedAt =
        current.publishedAt ?? (status === "published" ? now : null);
      const write = (slug: string) =>
        db
          .update(blogPosts)
          .set({
            slug,
            title,
            tags: changes.tags ?? current.tags,
            posterUrl,
            content,
            status,
            publishedAt,
            updatedAt: now,
          })
          .where(eq(blogPosts.id, id));
      // A published address has been shared: it stays, whatever the title becomes.
      if (current.publishedAt || title === current.title)
        await write(current.slug);
      else await withFreeSlug(db, title, id, write);
      const updated = blogOf((await findRow(db, eq(blogPosts.id, id)))!);
      await forgetPages(["/blog", blogPath(current.slug), updated.blog_url]);
      return updated;
    },

    /** The editor page's one door: a new post (`id` null) or changes to one. */
    save(user: UserRow, id: number | null, input: unknown): Promise<Blog> {
      return id === null
        ? service.create(user, input)
        : service.update(user, id, input);
    },
  };
  return service;
}

function blogPostColumns() {
  const {
    id,
    authorId,
    slug,
    title,
    tags,
    posterUrl,
    content,
    status,
    publishedAt,
    updatedAt,
    createdAt,
  } = blogPosts;
  return {
    id,
    authorId,
    slug,
    title,
    tags,
    posterUrl,
    content,
    status,
    publishedAt,
    updatedAt,
    createdAt,
  };
}
