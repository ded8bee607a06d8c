import { t, type Key } from "../lib/i18n";
import { href, type RouteName } from "../lib/href";
import { formatDate } from "../lib/date";
import { PageHead } from "../components/PageHead";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Pagination } from "../components/Pagination";
import { Picture } from "../components/Picture";
import type { PostListPage, Post } from "../gen/content";
import type { RenderProps } from "../types";
import "./Content.css";

/** postRoute is the route of one post of kind; press mentions have no page of their own. */
export function postRoute(kind: Post["kind"]): RouteName | null {
  return kind === "article" ? "article" : kind === "news" ? "news-item" : null;
}

/** PostList is /articles, /news and /press: posts newest first. */
export function PostList(props: RenderProps<PostListPage>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  const list: RouteName = data.kind === "article" ? "articles" : data.kind;
  const one = postRoute(data.kind);
  const heading = t(lang, `posts.${data.kind}.heading` as Key);
  return (
    <>
      <PageHead title={`${heading} | ${t(lang, "site.name")}`} description={t(lang, `posts.${data.kind}.description` as Key)} url={props.url} noindex={props.noindex} paging={{ lang, page: data.page }} />
      <Breadcrumbs lang={lang} url={props.url} items={[{ href: href("home", {}, place), label: t(lang, "nav.home") }]} />
      <h1 className="page-title">{heading}</h1>
      <div className="post-list">
        {data.posts.map((p, i) => {
          const title = p.title;
          return (
            <article key={p.id} className="post-summary">
              <Picture className="post-summary__cover" hash={p.cover} size="card" alt={title} priority={i === 0} />
              <h2>{one ? <a href={href(one, { slug: p.slug }, place)}>{title}</a> : title}</h2>
              <p className="post-meta">
                <time dateTime={p.publishedOn}>{formatDate(p.publishedOn, lang)}</time> · {p.author} ·{" "}
                {t(lang, "posts.reading", { n: p.readingMinutes })}
              </p>
              <p>{p.summary}</p>
            </article>
          );
        })}
      </div>
      <Pagination lang={lang} page={data.page} total={data.total} perPage={data.perPage} hrefFor={(n) => href(list, {}, place, { page: n > 1 ? n : undefined })} />
    </>
  );
}
