-- License numbers get the bounds invoice numbers have (sql/00011_billing.sql): one generator draws
-- both (src/resources/yearly-numbers.ts), refusing a year's 1 000 000th number with 409 before it
-- reaches these checks, which stand behind it so no path can store a seven-digit number.
alter table license_numbers
  add constraint license_numbers_year_check check (year between 1 and 9999),
  add constraint license_numbers_last_number_check check (last_number between 1 and 999999);

alter table licenses add constraint licenses_number_check check (number ~ '^[0-9]{4}-[0-9]{6}$');
