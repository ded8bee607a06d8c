import { t, type Lang } from "../lib/i18n";
import { href } from "../lib/href";
import { formatPrice } from "../lib/money";
import type { Card as ProductCard } from "../gen/product";
import { Picture } from "./Picture";

/** priceRange writes a medicine's price range per SPEC §3 ("от 12 000 до 15 000 сум"). */
export function priceRange(lang: Lang, min: number, max: number): string {
  if (min === max) return formatPrice(min, lang);
  return t(lang, "product.priceRange", { min: formatPrice(min, lang), max: formatPrice(max, lang) });
}

/** ProductSummary is a medicine's card in a listing. */
export function ProductSummary({ product, lang, region }: { product: ProductCard; lang: Lang; region: string }) {
  const p = product;
  const name = p.name;
  return (
    <article className="product-summary">
      <Picture className="product-summary__pack" hash={p.image} size="pack" alt={t(lang, "product.pack", { name })} />
      <h2 className="product-summary__name">
        <a href={href("product", { slug: p.slug }, { lang, region })}>{name}</a>
      </h2>
      <p className="product-summary__meta">
        <span>{p.inn}</span> · <span>{p.form}</span> ·{" "}
        <span>{t(lang, p.prescription ? "product.byPrescription" : "product.otc")}</span>
      </p>
      <p className="product-summary__price">{priceRange(lang, p.priceMin, p.priceMax)}</p>
    </article>
  );
}
