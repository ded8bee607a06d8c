// Types of the promotion data the Go loaders send (server/promotion JSON tags).
export interface PromotionClinic {
  id: number;
  slug: string;
  nameRu: string;
  nameUz: string;
  addressRu: string;
  addressUz: string;
  phone: string;
}

export interface Promotion {
  id: number;
  slug: string;
  titleRu: string;
  titleUz: string;
  descriptionRu: string;
  descriptionUz: string;
  oldPrice: number;
  newPrice: number;
  /** YYYY-MM-DD */
  startsOn: string;
  endsOn: string;
  ended: boolean;
  discount: number;
  clinic: PromotionClinic;
}

export interface PromotionListData {
  promotions: Promotion[];
  total: number;
  page: number;
  perPage: number;
  /** Set on /promotion/clinic/{id}. */
  clinic: PromotionClinic | null;
}
