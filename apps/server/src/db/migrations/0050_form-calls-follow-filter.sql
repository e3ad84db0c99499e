-- A report's form call takes its application call's e-mail filter (formCallsFollowFilter in
-- grants/reporting-plan.ts keeps it so from now on): a member the filter leaves out of the
-- application could otherwise open, write and discuss the grant's reports by their ids.
UPDATE "calls" f SET "is_user_filter_enable" = c."is_user_filter_enable", "user_filter_email" = c."user_filter_email"
FROM "grant_report_plans" p JOIN "calls" c ON c."id" = p."call_id"
WHERE f."id" = p."form_call_id";
