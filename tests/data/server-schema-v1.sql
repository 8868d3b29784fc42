BEGIN TRANSACTION;
CREATE TABLE actions (
    room   TEXT NOT NULL REFERENCES rooms(id),
    seq    INTEGER NOT NULL,  -- 0, 1, 2, ... within the room
    seat   INTEGER NOT NULL,  -- -1: the room's own (a claim window's closing)
    action TEXT NOT NULL,     -- JSON: the action's to_dict(), or {"type": "close_window"}
    actor  TEXT NOT NULL,     -- person | bot | auto (托管) | room
    at     REAL NOT NULL,
    PRIMARY KEY (room, seq)
);
INSERT INTO "actions" VALUES('icPHYF502og',0,0,'{"type":"discard","tile":"1m"}','person',1.79635728529306244846e+09);
INSERT INTO "actions" VALUES('icPHYF502og',1,3,'{"type":"pong"}','bot',1.79635728529751443867e+09);
INSERT INTO "actions" VALUES('icPHYF502og',2,-1,'{"type":"close_window"}','room',1.79635728529774022109e+09);
INSERT INTO "actions" VALUES('icPHYF502og',3,3,'{"type":"discard","tile":"8s"}','bot',1.7963572852980356216e+09);
INSERT INTO "actions" VALUES('icPHYF502og',4,-1,'{"type":"close_window"}','room',1.79635728529813551903e+09);
INSERT INTO "actions" VALUES('icPHYF502og',5,0,'{"type":"discard","tile":"3m"}','person',1.7963572852982537747e+09);
INSERT INTO "actions" VALUES('icPHYF502og',6,1,'{"type":"pass"}','bot',1.79635728529834198946e+09);
INSERT INTO "actions" VALUES('icPHYF502og',7,-1,'{"type":"close_window"}','room',1.7963572852983880043e+09);
INSERT INTO "actions" VALUES('icPHYF502og',8,1,'{"type":"discard","tile":"7m"}','bot',1.79635728529849529261e+09);
INSERT INTO "actions" VALUES('icPHYF502og',9,-1,'{"type":"close_window"}','room',1.79635728529857206349e+09);
INSERT INTO "actions" VALUES('icPHYF502og',10,2,'{"type":"discard","tile":"9m"}','bot',1.79635728529866433144e+09);
INSERT INTO "actions" VALUES('icPHYF502og',11,-1,'{"type":"close_window"}','room',1.79635728529873180386e+09);
INSERT INTO "actions" VALUES('icPHYF502og',12,3,'{"type":"discard","tile":"1s"}','bot',1.79635728529881691937e+09);
INSERT INTO "actions" VALUES('icPHYF502og',13,-1,'{"type":"close_window"}','room',1.79635728529888200758e+09);
INSERT INTO "actions" VALUES('icPHYF502og',14,0,'{"type":"discard","tile":"5m"}','person',1.79635728529895567894e+09);
INSERT INTO "actions" VALUES('icPHYF502og',15,-1,'{"type":"close_window"}','room',1.79635728529902100568e+09);
INSERT INTO "actions" VALUES('icPHYF502og',16,1,'{"type":"discard","tile":"8m"}','bot',1.79635728529910278315e+09);
INSERT INTO "actions" VALUES('icPHYF502og',17,-1,'{"type":"close_window"}','room',1.79635728529916691782e+09);
INSERT INTO "actions" VALUES('icPHYF502og',18,2,'{"type":"discard","tile":"2p"}','bot',1.79635728529924392697e+09);
INSERT INTO "actions" VALUES('icPHYF502og',19,-1,'{"type":"close_window"}','room',1.79635728529930782312e+09);
INSERT INTO "actions" VALUES('icPHYF502og',20,3,'{"type":"discard","tile":"1p"}','bot',1.79635728529938435557e+09);
INSERT INTO "actions" VALUES('icPHYF502og',21,-1,'{"type":"close_window"}','room',1.79635728529944252969e+09);
INSERT INTO "actions" VALUES('icPHYF502og',22,0,'{"type":"discard","tile":"5m"}','person',1.79635728529951214788e+09);
INSERT INTO "actions" VALUES('icPHYF502og',23,-1,'{"type":"close_window"}','room',1.79635728529957509045e+09);
INSERT INTO "actions" VALUES('icPHYF502og',24,1,'{"type":"discard","tile":"9p"}','bot',1.79635728529965257643e+09);
INSERT INTO "actions" VALUES('icPHYF502og',25,-1,'{"type":"close_window"}','room',1.7963572852997105122e+09);
INSERT INTO "actions" VALUES('icPHYF502og',26,2,'{"type":"discard","tile":"3m"}','bot',1.79635728529979085926e+09);
INSERT INTO "actions" VALUES('icPHYF502og',27,1,'{"type":"pass"}','bot',1.79635728529985308652e+09);
INSERT INTO "actions" VALUES('icPHYF502og',28,-1,'{"type":"close_window"}','room',1.79635728529988360408e+09);
INSERT INTO "actions" VALUES('icPHYF502og',29,3,'{"type":"discard","tile":"1s"}','bot',1.79635728529995441441e+09);
INSERT INTO "actions" VALUES('icPHYF502og',30,-1,'{"type":"close_window"}','room',1.79635728530001258845e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',0,0,'{"type":"discard","tile":"2m"}','person',1.79635728530081415169e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',1,1,'{"type":"chow","tiles":"123m"}','bot',1.79635728530089879041e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',2,-1,'{"type":"close_window"}','room',1.79635728530095672601e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',3,1,'{"type":"discard","tile":"5s"}','bot',1.796357285301117897e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',4,-1,'{"type":"close_window"}','room',1796357285.30118);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',5,2,'{"type":"discard","tile":"1z"}','bot',1.7963572853012673855e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',6,-1,'{"type":"close_window"}','room',1.79635728530132627485e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',7,3,'{"type":"discard","tile":"1m"}','bot',1.79635728530556869507e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',8,-1,'{"type":"close_window"}','room',1.79635728530572390555e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',9,0,'{"type":"discard","tile":"4m"}','person',1.79635728530583262444e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',10,1,'{"type":"chow","tiles":"456m"}','bot',1.79635728530590915675e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',11,-1,'{"type":"close_window"}','room',1.79635728530596637726e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',12,1,'{"type":"discard","tile":"3z"}','bot',1.79635728530605030058e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',13,-1,'{"type":"close_window"}','room',1.79635728530610966685e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',14,2,'{"type":"discard","tile":"3m"}','bot',1.79635728530619192123e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',15,-1,'{"type":"close_window"}','room',1.79635728530625176429e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',16,3,'{"type":"discard","tile":"1z"}','bot',1.79635728530633211139e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',17,-1,'{"type":"close_window"}','room',1.79635728530640435222e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',18,0,'{"type":"discard","tile":"7m"}','person',1.79635728530648612977e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',19,1,'{"type":"chow","tiles":"789m"}','bot',1796357285.30655);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',20,-1,'{"type":"close_window"}','room',1.79635728530659222602e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',21,1,'{"type":"discard","tile":"6z"}','bot',1.79635728530667448041e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',22,-1,'{"type":"close_window"}','room',1.79635728530673265462e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',23,2,'{"type":"discard","tile":"5z"}','bot',1.79635728530688834189e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',24,-1,'{"type":"close_window"}','room',1.79635728530695343014e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',25,3,'{"type":"discard","tile":"3z"}','bot',1.79635728530703186987e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',26,-1,'{"type":"close_window"}','room',1.79635728530709218981e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',27,0,'{"type":"discard","tile":"8m"}','person',1.79635728530717015262e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',28,-1,'{"type":"close_window"}','room',1796357285.30723);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',29,1,'{"type":"discard","tile":"6z"}','bot',1.79635728530729889872e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',30,-1,'{"type":"close_window"}','room',1.79635728530735707285e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',31,2,'{"type":"discard","tile":"6z"}','bot',1.79635728530743336676e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',32,-1,'{"type":"close_window"}','room',1.79635728530749320987e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',33,3,'{"type":"discard","tile":"2z"}','bot',1.79635728530756711958e+09);
INSERT INTO "actions" VALUES('1S_NaeyfIzM',34,-1,'{"type":"close_window"}','room',1.79635728530762362482e+09);
CREATE TABLE events (
    room   TEXT NOT NULL REFERENCES rooms(id),
    seq    INTEGER NOT NULL,  -- index in Game.events
    action INTEGER,           -- the action that caused it (NULL: the first deal)
    event  TEXT NOT NULL,     -- JSON: the referee's event (the full log)
    PRIMARY KEY (room, seq)
);
INSERT INTO "events" VALUES('icPHYF502og',0,NULL,'{"event":"deal","hand":0,"variant":"nanchang","options":{},"dealer":0,"dealer_streak":1,"dice":[4,4],"hands":["13556667m2469p37z","33778m4779p25s35z","3449m28p344478s5z","11m567p15899s467z"],"drawn":"6m","wall":["6z","7m","4m","4z","4z","3z","2s","1p","3p","6z","5s","1s","6s","6p","1m","6z","3z","5z","2z","4p","4s","8m","6p","5p","3p","1p","5p","9s","6s","4z","6m","5p","3p","7z","4m","8s","9s","9m","2p","1s","9p","9m","2s","3s","9p","7z","8m","5z","2z","2m","8p","7s","8m","7p","3s","5m","8p","3s","8s","1z","1p","1z","8p","7s","2m","2z","5m","6s","6s","2m","2m","7s","2p","1s","5s","2z","3p","4p","1z","2s","9m","1p","1z"],"scores":[0,0,0,0],"indicator":"4p","lower_indicator":"1z"}');
INSERT INTO "events" VALUES('icPHYF502og',1,NULL,'{"event":"reveal","tiles":["","","",""],"lower_indicator":"1z"}');
INSERT INTO "events" VALUES('icPHYF502og',2,0,'{"event":"discard","seat":0,"tile":"1m"}');
INSERT INTO "events" VALUES('icPHYF502og',3,2,'{"event":"pong","seat":3,"tiles":"111m","source":0}');
INSERT INTO "events" VALUES('icPHYF502og',4,3,'{"event":"discard","seat":3,"tile":"8s"}');
INSERT INTO "events" VALUES('icPHYF502og',5,4,'{"event":"draw","seat":0,"tile":"6z"}');
INSERT INTO "events" VALUES('icPHYF502og',6,5,'{"event":"discard","seat":0,"tile":"3m"}');
INSERT INTO "events" VALUES('icPHYF502og',7,7,'{"event":"draw","seat":1,"tile":"7m"}');
INSERT INTO "events" VALUES('icPHYF502og',8,8,'{"event":"discard","seat":1,"tile":"7m"}');
INSERT INTO "events" VALUES('icPHYF502og',9,9,'{"event":"draw","seat":2,"tile":"4m"}');
INSERT INTO "events" VALUES('icPHYF502og',10,10,'{"event":"discard","seat":2,"tile":"9m"}');
INSERT INTO "events" VALUES('icPHYF502og',11,11,'{"event":"draw","seat":3,"tile":"4z"}');
INSERT INTO "events" VALUES('icPHYF502og',12,12,'{"event":"discard","seat":3,"tile":"1s"}');
INSERT INTO "events" VALUES('icPHYF502og',13,13,'{"event":"draw","seat":0,"tile":"4z"}');
INSERT INTO "events" VALUES('icPHYF502og',14,14,'{"event":"discard","seat":0,"tile":"5m"}');
INSERT INTO "events" VALUES('icPHYF502og',15,15,'{"event":"draw","seat":1,"tile":"3z"}');
INSERT INTO "events" VALUES('icPHYF502og',16,16,'{"event":"discard","seat":1,"tile":"8m"}');
INSERT INTO "events" VALUES('icPHYF502og',17,17,'{"event":"draw","seat":2,"tile":"2s"}');
INSERT INTO "events" VALUES('icPHYF502og',18,18,'{"event":"discard","seat":2,"tile":"2p"}');
INSERT INTO "events" VALUES('icPHYF502og',19,19,'{"event":"draw","seat":3,"tile":"1p"}');
INSERT INTO "events" VALUES('icPHYF502og',20,20,'{"event":"discard","seat":3,"tile":"1p"}');
INSERT INTO "events" VALUES('icPHYF502og',21,21,'{"event":"draw","seat":0,"tile":"3p"}');
INSERT INTO "events" VALUES('icPHYF502og',22,22,'{"event":"discard","seat":0,"tile":"5m"}');
INSERT INTO "events" VALUES('icPHYF502og',23,23,'{"event":"draw","seat":1,"tile":"6z"}');
INSERT INTO "events" VALUES('icPHYF502og',24,24,'{"event":"discard","seat":1,"tile":"9p"}');
INSERT INTO "events" VALUES('icPHYF502og',25,25,'{"event":"draw","seat":2,"tile":"5s"}');
INSERT INTO "events" VALUES('icPHYF502og',26,26,'{"event":"discard","seat":2,"tile":"3m"}');
INSERT INTO "events" VALUES('icPHYF502og',27,28,'{"event":"draw","seat":3,"tile":"1s"}');
INSERT INTO "events" VALUES('icPHYF502og',28,29,'{"event":"discard","seat":3,"tile":"1s"}');
INSERT INTO "events" VALUES('icPHYF502og',29,30,'{"event":"draw","seat":0,"tile":"6s"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',0,NULL,'{"event":"deal","hand":0,"variant":"pingxiang","options":{},"dealer":0,"dealer_streak":1,"dice":[7,8],"hands":["24788m1226p5679s7z","11235689m55p5s36z","334579m25p11s156z","16m2389p4679s123z"],"drawn":"8m","wall":["6s","6s","5z","5s","8s","9s","6p","8p","6p","6z","7m","4p","7p","2s","4s","3p","3z","4p","2m","3p","3s","2z","6p","7s","4z","4z","5s","3s","9p","9m","1z","4m","2s","2m","6z","1s","7s","1p","3s","8s","4s","8p","7p","4s","2s","5p","4p","1p","5z","4z","5m","6m","3m","1m","4p","4z","4m","8m","5m","1z","3s","3z","8s","5z","1p","9s","7m","2z","9p","7p","7z","7z","9m","7p","8s","1s","8p","7z","2s","3p","2z","9p","6m"],"scores":[0,0,0,0]}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',1,0,'{"event":"discard","seat":0,"tile":"2m"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',2,2,'{"event":"chow","seat":1,"tiles":"123m","source":0}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',3,3,'{"event":"discard","seat":1,"tile":"5s"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',4,4,'{"event":"draw","seat":2,"tile":"6s"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',5,5,'{"event":"discard","seat":2,"tile":"1z"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',6,6,'{"event":"draw","seat":3,"tile":"6s"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',7,7,'{"event":"discard","seat":3,"tile":"1m"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',8,8,'{"event":"draw","seat":0,"tile":"5z"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',9,9,'{"event":"discard","seat":0,"tile":"4m"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',10,11,'{"event":"chow","seat":1,"tiles":"456m","source":0}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',11,12,'{"event":"discard","seat":1,"tile":"3z"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',12,13,'{"event":"draw","seat":2,"tile":"5s"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',13,14,'{"event":"discard","seat":2,"tile":"3m"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',14,15,'{"event":"draw","seat":3,"tile":"8s"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',15,16,'{"event":"discard","seat":3,"tile":"1z"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',16,17,'{"event":"draw","seat":0,"tile":"9s"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',17,18,'{"event":"discard","seat":0,"tile":"7m"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',18,20,'{"event":"chow","seat":1,"tiles":"789m","source":0}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',19,21,'{"event":"discard","seat":1,"tile":"6z"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',20,22,'{"event":"draw","seat":2,"tile":"6p"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',21,23,'{"event":"discard","seat":2,"tile":"5z"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',22,24,'{"event":"draw","seat":3,"tile":"8p"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',23,25,'{"event":"discard","seat":3,"tile":"3z"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',24,26,'{"event":"draw","seat":0,"tile":"6p"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',25,27,'{"event":"discard","seat":0,"tile":"8m"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',26,28,'{"event":"draw","seat":1,"tile":"6z"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',27,29,'{"event":"discard","seat":1,"tile":"6z"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',28,30,'{"event":"draw","seat":2,"tile":"7m"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',29,31,'{"event":"discard","seat":2,"tile":"6z"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',30,32,'{"event":"draw","seat":3,"tile":"4p"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',31,33,'{"event":"discard","seat":3,"tile":"2z"}');
INSERT INTO "events" VALUES('1S_NaeyfIzM',32,34,'{"event":"draw","seat":0,"tile":"7p"}');
CREATE TABLE hands (
    room        TEXT NOT NULL REFERENCES rooms(id),
    hand        INTEGER NOT NULL,  -- 0, 1, ... within the match
    first_event INTEGER NOT NULL,  -- seq of its deal event
    last_event  INTEGER NOT NULL,  -- seq of its settlement event
    record      TEXT NOT NULL,     -- JSON: the hand record handed to majiang.settle
    settlement  TEXT NOT NULL,     -- JSON: Settlement.to_dict()
    deltas      TEXT NOT NULL,     -- JSON: four ints
    PRIMARY KEY (room, hand)
);
CREATE TABLE rooms (
    id       TEXT PRIMARY KEY,
    created  REAL NOT NULL,
    config   TEXT NOT NULL,     -- JSON: variant, options, hands, seats, time_limit
    seed     INTEGER NOT NULL,  -- the match seed (secret while the room plays)
    status   TEXT NOT NULL      -- waiting | playing | finished
);
INSERT INTO "rooms" VALUES('icPHYF502og',1.79635728491431808468e+09,'{"variant":"nanchang","options":{},"hands":2,"seats":["person","bot","bot","bot"],"time_limit":0.0,"claim_window":0.0}',7531890551348020935,'playing');
INSERT INTO "rooms" VALUES('1S_NaeyfIzM',1796357285.30038,'{"variant":"pingxiang","options":{},"hands":2,"seats":["person","bot","bot","bot"],"time_limit":0.0,"claim_window":0.0}',7290526455947255628,'playing');
CREATE TABLE seats (
    room       TEXT NOT NULL REFERENCES rooms(id),
    seat       INTEGER NOT NULL,  -- 0-3
    kind       TEXT NOT NULL,     -- person | bot
    token_hash TEXT,              -- sha256 of the seat's token (NULL: not joined)
    ready      INTEGER NOT NULL DEFAULT 0,
    auto       INTEGER NOT NULL DEFAULT 0,  -- 托管: played by EfficiencyBot
    PRIMARY KEY (room, seat)
);
INSERT INTO "seats" VALUES('icPHYF502og',0,'person','b3c3d18bb7a3a75ce554eebe19d39a6d454554c54bf01590d1367772f99eeadb',1,0);
INSERT INTO "seats" VALUES('icPHYF502og',1,'bot',NULL,0,0);
INSERT INTO "seats" VALUES('icPHYF502og',2,'bot',NULL,0,0);
INSERT INTO "seats" VALUES('icPHYF502og',3,'bot',NULL,0,0);
INSERT INTO "seats" VALUES('1S_NaeyfIzM',0,'person','d62c05493caaf9c4a1a8885ed1f3c67ecd393b63e49b77f6e4b6c3fa4e259b9d',1,0);
INSERT INTO "seats" VALUES('1S_NaeyfIzM',1,'bot',NULL,0,0);
INSERT INTO "seats" VALUES('1S_NaeyfIzM',2,'bot',NULL,0,0);
INSERT INTO "seats" VALUES('1S_NaeyfIzM',3,'bot',NULL,0,0);
COMMIT;
