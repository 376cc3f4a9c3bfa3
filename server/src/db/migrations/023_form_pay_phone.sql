-- A form's pay field (form_pay, issue 14) pays for the phone the visitor verified in that form
-- (spec part 2 §5: pay needs a verified phone; part 1 §5: 'no payment record for this phone
-- number'). The order keeps the form and that phone, copied from the server's verification record
-- (form_phones), so "paid" is looked up by (gallery, good, phone) whichever account paid it.
ALTER TABLE orders ADD COLUMN form_id text;
ALTER TABLE orders ADD COLUMN phone_country text;
ALTER TABLE orders ADD COLUMN phone text;
-- A form order names its form and phone together, and buys no photos. (gallery_id may still turn
-- NULL when the gallery is deleted: the order stays as a money record.)
ALTER TABLE orders ADD CONSTRAINT orders_form_phone CHECK (
  (form_id IS NULL AND phone_country IS NULL AND phone IS NULL)
  OR (form_id IS NOT NULL AND phone_country IS NOT NULL AND phone IS NOT NULL AND cardinality(photo_ids) = 0)
);
CREATE INDEX orders_form_phone_paid ON orders(gallery_id, goods_id, phone_country, phone) WHERE phone IS NOT NULL AND status = 'paid';
-- Photo-less goods orders made before this migration have no phone: they were the form's per-account
-- payments and keep counting for the account that made them (whichever phone it verifies).
ALTER TABLE orders ADD COLUMN account_paid_form boolean NOT NULL DEFAULT false;
UPDATE orders SET account_paid_form = true WHERE goods_id IS NOT NULL AND cardinality(photo_ids) = 0 AND purpose IS NULL;
