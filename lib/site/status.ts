/** Whether a feature or integration can be used today (spec section 3). */
export type ProductStatus = "Available" | "Coming Soon";
