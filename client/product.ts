// Types of the medicine data the Go loaders send (server/product JSON tags).
export interface Category {
  id: number;
  slug: string;
  nameRu: string;
  nameUz: string;
  descriptionRu: string;
  descriptionUz: string;
  count: number;
}

export interface Tag {
  id: number;
  slug: string;
  nameRu: string;
  nameUz: string;
}

export interface ProductCard {
  id: number;
  slug: string;
  nameRu: string;
  nameUz: string;
  innRu: string;
  innUz: string;
  formRu: string;
  formUz: string;
  dosageRu: string;
  dosageUz: string;
  prescription: boolean;
  priceMin: number;
  priceMax: number;
}

export interface Product extends ProductCard {
  manufacturer: string;
  countryRu: string;
  countryUz: string;
  descriptionRu: string;
  descriptionUz: string;
  indicationsRu: string;
  indicationsUz: string;
  contraindicationsRu: string;
  contraindicationsUz: string;
  category: Category;
  tags: Tag[];
  analogues: ProductCard[];
}
