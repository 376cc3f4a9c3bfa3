-- A form's pay field is paid once per (gallery, good, phone), whichever account pays (issue 14;
-- migration 023). Two accounts that verified the same phone could each open an order and pay it:
-- now a prepay is refused while another account's order for that phone is open, and a payment
-- that still arrives for a phone already paid is kept as paid but refunded whole (refund_state,
-- refund_no 'RP' || out_trade_no; the pay sweep retries a refund the provider has not finished).
-- Duplicates paid before this migration: every one after the first is marked for that refund.
UPDATE orders o SET refund_state = 'pending', refund_no = 'RP' || o.out_trade_no
 WHERE o.phone IS NOT NULL AND o.status = 'paid' AND o.refund_state IS NULL
   AND EXISTS (
     SELECT 1 FROM orders e
      WHERE e.gallery_id = o.gallery_id AND e.goods_id = o.goods_id AND e.phone_country = o.phone_country AND e.phone = o.phone
        AND e.status = 'paid' AND e.refund_state IS NULL AND (e.paid_at, e.id) < (o.paid_at, o.id)
   );
-- At most one paid, unrefunded order per phone: the database refuses a second one whatever the code does.
DROP INDEX orders_form_phone_paid;
CREATE UNIQUE INDEX orders_form_phone_paid_once ON orders(gallery_id, goods_id, phone_country, phone)
  WHERE phone IS NOT NULL AND status = 'paid' AND refund_state IS NULL;
