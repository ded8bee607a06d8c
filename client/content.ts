// Types of the editorial data the Go loaders send (server/content JSON tags).
// Every HTML field was sanitised with the allow-list when it was written.
export interface InfoPageData {
  slug: string;
  titleRu: string;
  titleUz: string;
  bodyRu: string;
  bodyUz: string;
}

export interface FAQItem {
  id: number;
  questionRu: string;
  questionUz: string;
  answerRu: string;
  answerUz: string;
}

export interface Post {
  id: number;
  kind: "article" | "news" | "press";
  slug: string;
  titleRu: string;
  titleUz: string;
  summaryRu: string;
  summaryUz: string;
  bodyRu?: string;
  bodyUz?: string;
  authorRu: string;
  authorUz: string;
  /** YYYY-MM-DD */
  publishedOn: string;
  readingMinutes: number;
  /** Related doctors and clinics, on a post's own page only. */
  doctors?: Related[];
  clinics?: Related[];
}

/** Related is a doctor (detail: a specialty) or a clinic (detail: its address) a post mentions. */
export interface Related {
  slug: string;
  nameRu: string;
  nameUz: string;
  detailRu: string;
  detailUz: string;
}
