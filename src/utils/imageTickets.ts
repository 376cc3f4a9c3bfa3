/**
 * Image tickets of gated galleries (types/api/permission.ts IsPassResponse.image_ticket):
 * `<img>` requests carry no token, so a passed visitor's image URLs add `&p={ticket}`.
 */
const tickets = new Map<number, string>();

export function setImageTicket(galleryId: number, ticket: string | null): void {
  if (ticket) tickets.set(galleryId, ticket);
  else tickets.delete(galleryId);
}

export function imageTicketOf(galleryId: number | undefined): string | null {
  return galleryId ? (tickets.get(galleryId) ?? null) : null;
}
