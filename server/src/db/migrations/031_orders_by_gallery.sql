-- The organiser's order list (services/pay/organizerOrders.ts, types/api/organizerOrders.ts): a
-- gallery's orders, newest first (by id), a page at a time.
CREATE INDEX orders_gallery ON orders(gallery_id, id DESC);
