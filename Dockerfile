# Piquet Academy: one Streamlit replica. The same process scripts/topology.sh starts on one
# machine (the same deploy/entrypoint.sh, the same Streamlit options: tests/test_topology.py
# compares this CMD with the script's), run N times behind HAProxy by compose.yaml.
#
# Not built on the development machines (no container daemon there): what is tested is the
# topology script with the same files. Build and run elsewhere:
#   docker build -t piquet-academy .
#   docker run -p 8501:8501 piquet-academy        (one replica, SQLite in /data)
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIQUET_DATA_DIR=/data \
    FORWARDED_ALLOW_IPS=""
# FORWARDED_ALLOW_IPS: whose X-Forwarded-For uvicorn applies. Empty for a replica run alone
# (no proxy: nobody's); compose.yaml sets the proxy's address (docs/security.md).

RUN useradd --create-home --uid 10001 --user-group piquet \
    && mkdir -p /data && chown piquet:piquet /data

WORKDIR /app
COPY requirements.txt ./
RUN pip install -r requirements.txt
# The code stays root's: the app's user can read it, not change it.
COPY . .

USER piquet
EXPOSE 8501
# Without PIQUET_DATABASE_URL (or its secret file) the progress goes to SQLite in /data: one
# replica only. Several replicas need PostgreSQL (compose.yaml).
VOLUME ["/data"]

HEALTHCHECK --interval=10s --timeout=6s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8501/_stcore/health', timeout=5).read().strip() != b'ok')"]

# Reads the secrets' files (/run/secrets/piquet_cookie_secret, piquet_database_url) into
# STREAMLIT_SERVER_COOKIE_SECRET and PIQUET_DATABASE_URL, then runs the CMD.
ENTRYPOINT ["/app/deploy/entrypoint.sh"]
CMD ["python", "-m", "streamlit", "run", "app.py", "--server.headless=true", "--browser.gatherUsageStats=false", "--server.fileWatcherType=none", "--server.address=0.0.0.0", "--server.port=8501"]
