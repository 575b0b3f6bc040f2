/** Exactly a UUID: what an id taken from an address must be before it is looked up. */
export const isUuid = (text: string | undefined): text is string =>
  typeof text === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
