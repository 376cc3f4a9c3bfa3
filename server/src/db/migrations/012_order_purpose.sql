-- What a photo order buys, as the visitor asked for it: 'remove_watermark' (the viewer's
-- pay-to-remove-watermark, paytoimage) or 'download' (a paid download, predownimg). Both may
-- use the same good (gallery.is_pay_down), so the good's name cannot say it; the pay page and
-- the provider's description do. NULL for the pay component's photo-less goods.
ALTER TABLE orders ADD COLUMN purpose text CHECK (purpose IN ('remove_watermark', 'download'));
