-- POST /match/fairness (an extension) is charged as a match: one job_matching per report. Say so in the price list.
UPDATE "billable_actions"
SET "description" = 'One match request: the given CVs scored against one job. Also charged once per fairness report (POST /match/fairness).'
WHERE "action" = 'job_matching';
