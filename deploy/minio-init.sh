#!/bin/sh
# One-shot set-up of MinIO for deploy/compose.yaml (idempotent: safe at every `up`): the bucket,
# a key for the app limited to that bucket, and expiry of uploads never used (<tenant>/incoming/).
set -eu
mc alias set local http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD"
mc mb --ignore-existing "local/$S3_BUCKET"
mc anonymous set none "local/$S3_BUCKET"

cat >/tmp/songkhoe-app.json <<POLICY
{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:ListBucket", "s3:GetBucketLocation"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET", "arn:aws:s3:::$S3_BUCKET/*"]
    }
  ]
}
POLICY
mc admin policy create local songkhoe-app /tmp/songkhoe-app.json
mc admin user add local "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"
mc admin policy attach local songkhoe-app --user "$S3_ACCESS_KEY_ID" || true

for tenant in $TENANT_CODES; do
  if ! mc ilm rule ls "local/$S3_BUCKET" 2>/dev/null | grep -q "$tenant/incoming/"; then
    mc ilm rule add --prefix "$tenant/incoming/" --expire-days 1 "local/$S3_BUCKET"
  fi
done
echo "bucket $S3_BUCKET ready"
