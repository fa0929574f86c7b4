/**
 * Photos are never public files: each is read through an API route that checks who is asking
 * (owner, administrator, or a viewer of a public binder holding the card).
 */
export const userCardImageUrl = (userCardId: string, key: string | undefined): string | null =>
  key ? `/api/user-cards/${userCardId}/images/${encodeURIComponent(key.split('/').pop()!.replace(/\.\w+$/, ''))}` : null;
