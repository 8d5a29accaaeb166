//! The job table's claim protocol on both engines: concurrent claimers never take the same job,
//! failures retry until their attempts run out, and an expired lease hands a job to another
//! worker.

use chrono::{Duration, Utc};
use noren::db::repo::jobs;
use noren_testkit::both_databases;
use std::collections::HashSet;

both_databases! {
    async fn concurrent_claimers_take_every_job_exactly_once(app) {
        for i in 0..60 {
            jobs::enqueue(app.db(), "test", &serde_json::json!({"i": i}), Utc::now(), 3).await.expect("enqueue");
        }
        let mut handles = Vec::new();
        for w in 0..4 {
            let db = app.db().clone();
            handles.push(tokio::spawn(async move {
                let worker = format!("worker-{w}");
                let mut mine = Vec::new();
                loop {
                    let batch = jobs::claim(&db, "test", &worker, Duration::seconds(30), 5, chrono::Utc::now()).await.expect("claim");
                    if batch.is_empty() {
                        break;
                    }
                    for job in batch {
                        assert!(jobs::complete(&db, job.id, &worker).await.expect("complete"));
                        mine.push(job.id);
                    }
                }
                mine
            }));
        }
        let mut seen = HashSet::new();
        for h in handles {
            for id in h.await.expect("worker") {
                assert!(seen.insert(id), "job {id} claimed twice");
            }
        }
        assert_eq!(seen.len(), 60);
        assert_eq!(jobs::unfinished(app.db(), "test").await.expect("count"), 0);
    }

    async fn future_jobs_wait_and_failures_retry_until_attempts_run_out(app) {
        let later = jobs::enqueue(app.db(), "q", &serde_json::json!({}), Utc::now() + Duration::hours(1), 2).await.expect("enqueue");
        let now = jobs::enqueue(app.db(), "q", &serde_json::json!({}), Utc::now(), 2).await.expect("enqueue");
        let claimed = jobs::claim(app.db(), "q", "w", Duration::seconds(30), 10, chrono::Utc::now()).await.expect("claim");
        assert_eq!(claimed.iter().map(|j| j.id).collect::<Vec<_>>(), vec![now.id]);
        assert_eq!(claimed[0].attempts, 1);
        assert!(jobs::fail(app.db(), &claimed[0], "w", "boom", Some(Utc::now())).await.expect("fail"));
        let again = jobs::claim(app.db(), "q", "w", Duration::seconds(30), 10, chrono::Utc::now()).await.expect("claim");
        assert_eq!(again.len(), 1);
        assert_eq!(again[0].attempts, 2);
        assert_eq!(again[0].last_error.as_deref(), Some("boom"));
        assert!(jobs::fail(app.db(), &again[0], "w", "boom again", Some(Utc::now())).await.expect("fail"));
        assert!(jobs::claim(app.db(), "q", "w", Duration::seconds(30), 10, chrono::Utc::now()).await.expect("claim").is_empty(), "attempts used up");
        assert!(jobs::cancel(app.db(), later.id).await.expect("cancel"));
        assert_eq!(jobs::unfinished(app.db(), "q").await.expect("count"), 0);
    }

    async fn an_expired_lease_hands_the_job_to_another_worker(app) {
        jobs::enqueue(app.db(), "lease", &serde_json::json!({}), Utc::now(), 5).await.expect("enqueue");
        let first = jobs::claim(app.db(), "lease", "crashed", Duration::milliseconds(1), 1, chrono::Utc::now()).await.expect("claim");
        assert_eq!(first.len(), 1);
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        let second = jobs::claim(app.db(), "lease", "rescuer", Duration::seconds(30), 1, chrono::Utc::now()).await.expect("claim");
        assert_eq!(second.len(), 1);
        assert_eq!(second[0].id, first[0].id);
        assert_eq!(second[0].locked_by.as_deref(), Some("rescuer"));
        assert!(!jobs::complete(app.db(), first[0].id, "crashed").await.expect("complete"), "the crashed worker lost it");
        assert!(jobs::complete(app.db(), first[0].id, "rescuer").await.expect("complete"));
    }
}
