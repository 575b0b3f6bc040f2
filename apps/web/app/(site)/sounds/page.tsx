import { Pager } from "@/components/pager";
import { type SoundCategorySlug, soundCategorySlugs, soundLimits } from "@streamkit/api-contract";
import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { domainError } from "@/lib/server/errors";
import styles from "./sounds.module.css";

export const metadata: Metadata = {
  title: "Sounds",
  description: "Alert sounds, stingers and ambiences for your stream, to play from the desktop app.",
};

const PAGE_SIZE = 24;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function pageHref(filters: { q?: string; category?: string }, offset: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (offset > 0) params.set("offset", String(offset));
  const query = params.toString();
  return query ? `/sounds?${query}` : "/sounds";
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kilobytes = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/**
 * The sound catalogue for a signed-in streamer: browse by category, search,
 * page by offset like GET /api/v1/sounds, and play each sound in the page.
 * The players load the website's own audio route (/api/sounds/{id}/audio,
 * the session, Range for seeking); /api/v1's audio stays key-only.
 */
export default async function SoundsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireCaller("/sounds");
  const params = await searchParams;
  const q = one(params.q)?.trim() || undefined;
  const category = soundCategorySlugs.includes(one(params.category) as SoundCategorySlug) ? (one(params.category) as SoundCategorySlug) : undefined;
  const offset = Math.max(0, Math.floor(Number(one(params.offset)) || 0));
  const filters = { q, category };
  const sounds = (await api()).sounds;
  const categories = (await sounds.categories()).items;
  const total = categories.reduce((sum, c) => sum + c.count, 0);

  let page: Awaited<ReturnType<typeof sounds.list>> | null = null;
  let problem: string | null = null;
  try {
    page = await sounds.list({ q, category, limit: PAGE_SIZE, offset });
  } catch (error) {
    if (domainError(error, "query")?.code !== "bad_request") throw error;
    problem =
      q && q.length > soundLimits.maxQueryLength ? `Search for at most ${soundLimits.maxQueryLength} characters.` : "That page link is no longer valid.";
  }
  const categoryName = (slug: string) => categories.find((c) => c.slug === slug)?.name ?? slug;

  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>Sounds</h1>
          <p>
            Alerts, stingers and ambiences to play on stream from the desktop app. Listen here; scripts and the app read the same catalogue through the API with
            a key that has the <code>sounds:read</code> scope.
          </p>
        </div>
      </div>
      <nav aria-label="Sound categories">
        <ul className={styles.categories}>
          <li>
            <Link href={pageHref({ q }, 0)} className="button secondary small" aria-current={category ? undefined : "page"}>
              All ({total})
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c.slug}>
              <Link href={pageHref({ q, category: c.slug }, 0)} className="button secondary small" aria-current={category === c.slug ? "page" : undefined}>
                {c.name} ({c.count})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <search>
        <form className={styles.filters} action="/sounds" method="get" aria-label="Search the sounds">
          {category ? <input type="hidden" name="category" value={category} /> : null}
          <div className="field">
            <label htmlFor="sounds-q">Search</label>
            <input id="sounds-q" name="q" type="search" defaultValue={q} placeholder="e.g. “coin” or “rain”" maxLength={soundLimits.maxQueryLength} />
          </div>
          <button type="submit" className="button">
            Search
          </button>
        </form>
      </search>

      {problem ? (
        <div className="empty" role="alert">
          <p>{problem}</p>
          <Link href="/sounds" className="button secondary">
            Back to all sounds
          </Link>
        </div>
      ) : page && page.items.length === 0 ? (
        <div className="empty">
          <p>{q || category ? "No sound matches." : "The catalogue is empty."}</p>
          <Link href="/sounds" className="button secondary">
            Show every sound
          </Link>
        </div>
      ) : page ? (
        <>
          <h2 className="visually-hidden">{category ? categoryName(category) : "All sounds"}</h2>
          <ul className={styles.list} aria-label="Sounds">
            {page.items.map((sound) => (
              <li key={sound.id} className={`panel ${styles.sound}`} data-testid="sound" data-slug={sound.slug}>
                <h2>{sound.name}</h2>
                <div className="meta-row">
                  <span className="badge">{categoryName(sound.category)}</span>
                  <span>{seconds(sound.durationMs)}</span>
                  <span>{kilobytes(sound.size)}</span>
                </div>
                <p>{sound.description}</p>
                {/* biome-ignore lint/a11y/useMediaCaption: short sound effects without speech; the name and description say what they are. */}
                <audio controls preload="none" src={sound.audio.url} aria-label={`Play ${sound.name}`} />
                <p className={styles.licence}>
                  {sound.licence} · {sound.attribution}
                </p>
              </li>
            ))}
          </ul>
          <Pager
            previous={offset > 0 ? pageHref(filters, Math.max(0, offset - PAGE_SIZE)) : null}
            next={page.nextOffset !== null ? pageHref(filters, page.nextOffset) : null}
          />
        </>
      ) : null}
    </div>
  );
}
