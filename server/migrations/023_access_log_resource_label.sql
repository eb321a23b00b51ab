-- Personal data access log (/me/privacy): the name of what was read as it was at the time
-- ("Xét nghiệm máu 2025", the record's title), kept as text like actor_label, so the log says
-- which record it was without showing internal ids and still says so after the record is deleted.
ALTER TABLE data_access_log ADD COLUMN resource_label text;
