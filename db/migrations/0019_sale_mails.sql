ALTER TABLE "fiat_orders" ADD COLUMN "notify_email" text;
