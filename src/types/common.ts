// Shapes shared by several kinds. Source of the JSON Schemas (see scripts/gen-schemas.ts): every
// field carries a JSDoc description, and JSDoc tags (@format, @minLength, @deprecated, @readOnly…)
// become schema keywords.

/** A web link, as every API response carries. */
export interface Link {
  /** Absolute URL of the linked resource. */
  href: string;
  /** Relation of the link, e.g. "self". */
  rel: string;
}
