import { t, tn } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Pagination } from "../components/Pagination";
import { ProductSummary } from "../components/ProductSummary";
import type { ListPage } from "../gen/product";
import type { RenderProps } from "../types";
import "./Products.css";

/** ProductList is /product-list, /products/{slug} and /products/tag/{slug}: a page of medicines. */
export function ProductList(props: RenderProps<ListPage>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  let title = t(lang, "products.list.title");
  let heading = t(lang, "products.list.heading");
  let pageHref = (n: number) => href("product-list", {}, place, { page: n > 1 ? n : undefined });
  if (data.category) {
    const c = data.category;
    heading = c.name;
    title = t(lang, "products.category.title", { name: heading });
    pageHref = (n) => href("product-category", { slug: c.slug }, place, { page: n > 1 ? n : undefined });
  } else if (data.tag) {
    const tag = data.tag;
    const name = tag.name;
    heading = t(lang, "products.tag.heading", { name });
    title = t(lang, "products.tag.title", { name });
    pageHref = (n) => href("product-tag", { slug: tag.slug }, place, { page: n > 1 ? n : undefined });
  }
  const count = tn(lang, "products.count", data.total);
  return (
    <>
      <PageHead title={title} description={`${heading}: ${count}. ${t(lang, "products.description")}`} url={props.url} noindex={props.noindex} paging={{ lang, page: data.page }} />
      <Breadcrumbs lang={lang} url={props.url} items={[{ href: href("home", {}, place), label: t(lang, "nav.home") }, { href: href("products", {}, place), label: t(lang, "nav.medication") }]} />
      <h1 className="page-title">{heading}</h1>
      <p className="page-count">{count}</p>
      {data.products.length === 0 ? (
        <p className="empty">{t(lang, "products.empty")}</p>
      ) : (
        <section className="product-list">
          {data.products.map((p) => (
            <ProductSummary key={p.id} product={p} lang={lang} region={region.slug} />
          ))}
        </section>
      )}
      <Pagination lang={lang} page={data.page} total={data.total} perPage={data.perPage} hrefFor={pageHref} />
    </>
  );
}
