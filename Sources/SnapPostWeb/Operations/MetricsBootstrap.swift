// swift-metrics is bootstrapped once per process onto the Prometheus registry that /metrics renders, so counters made
// anywhere (the AI client's among them) reach /metrics.
import Metrics
import Prometheus
import Synchronization

public enum MetricsBootstrap {
    private static let bootstrapped = Mutex<PrometheusCollectorRegistry?>(nil)

    /// The process-wide registry: the first call bootstraps swift-metrics onto a new one; later calls return it.
    public static func processRegistry() -> PrometheusCollectorRegistry {
        bootstrapped.withLock { current in
            if let current { return current }
            let registry = PrometheusCollectorRegistry()
            MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
            current = registry
            return registry
        }
    }
}
