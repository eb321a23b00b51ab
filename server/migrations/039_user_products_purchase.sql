-- A product of the wallet of products spent on a purchase names it (migration 036 left the column
-- without its foreign key until purchases, migration 035, were on the same branch).
ALTER TABLE user_products
  ADD CONSTRAINT user_products_purchase_fk FOREIGN KEY (purchase_id) REFERENCES purchases;
